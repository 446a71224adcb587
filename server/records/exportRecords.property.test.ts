import fc from 'fast-check';
import * as XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import type { ListRecord, ObjectDefinition } from '../../schemas/api/records';
import { buildRecordsWorkbook, displayText, neutralizeFormula } from './exportRecords';

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];
/** What the export leaves unmarked although it starts with `+`: an international phone number. */
const PHONE = /^\+[0-9][0-9 ().-]*$/;

const definition: ObjectDefinition = {
  key: 'things',
  version: 1,
  label: { en: 'Things', es: 'Cosas', fr: 'Choses' },
  owner: 'tests',
  colour: '#000000',
  fields: [
    { key: 'a', label: 'A', type: 'string', visibleInMobile: true, visibleInOthers: true },
    { key: 'b', label: '=B', type: 'decimal', visibleInMobile: true, visibleInOthers: true },
    { key: 'c', label: 'C', type: 'object', visibleInMobile: true, visibleInOthers: true },
  ],
  externalAnalysisUrl: null,
  otherData: {},
};

function record(index: number, data: Record<string, unknown>): ListRecord {
  return {
    id: `R-${index}`,
    created: '2026-01-01T00:00:00.000Z',
    updated: '2026-01-01T00:00:00.000Z',
    data,
  };
}

/** Every cell of the workbook's first sheet, as SheetJS reads the file back. */
function readCells(file: Buffer): XLSX.CellObject[] {
  const book = XLSX.read(file, { type: 'buffer', cellFormula: true });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet) throw new Error('The workbook has no sheet.');
  return Object.entries(sheet)
    .filter(([name]) => !name.startsWith('!'))
    .map(([, cell]) => cell as XLSX.CellObject);
}

// Text XML 1.0 can hold: SheetJS writes what it is given, and the server's input guard
// already refuses NUL and lone surrogates at the door.
const storableText = fc.string({ unit: 'grapheme', maxLength: 40 });
const formulaLike = fc
  .tuple(fc.constantFrom(...FORMULA_START), storableText)
  .map(([start, rest]) => `${start}${rest}`);
const anyValue = fc.oneof(
  storableText,
  formulaLike,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
  fc.constant(null),
  fc.dictionary(fc.string({ maxLength: 5 }), storableText, { maxKeys: 3 }),
);

describe('the records xlsx download', () => {
  it('given any text, when neutralised, then it never starts a formula and keeps its text after the mark', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const safe = neutralizeFormula(text);
        expect(FORMULA_START.includes(safe.charAt(0))).toBe(false);
        expect(safe === text || safe === `'${text}`).toBe(true);
      }),
    );
  });

  it('given any values, when exported and read back, then no cell is a formula and no text cell starts one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ a: anyValue, b: anyValue, c: anyValue }), { maxLength: 20 }),
        (rows) => {
          const file = buildRecordsWorkbook(
            definition,
            rows.map((data, index) => record(index, data)),
            'en',
          );
          for (const cell of readCells(file)) {
            expect(cell.f).toBeUndefined();
            expect(['s', 'n']).toContain(cell.t);
            if (cell.t === 's') {
              const text = String(cell.v);
              expect(FORMULA_START.includes(text.charAt(0)) && !PHONE.test(text)).toBe(false);
            }
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('given a phone number and a formula, when neutralised, then only the formula gets its mark', () => {
    expect(neutralizeFormula('+34 600 123 456')).toBe('+34 600 123 456');
    expect(neutralizeFormula('+1 (415) 555-0100')).toBe('+1 (415) 555-0100');
    expect(neutralizeFormula('=1+1')).toBe("'=1+1");
    expect(neutralizeFormula('+HYPERLINK("x")')).toBe('\'+HYPERLINK("x")');
    expect(neutralizeFormula('-2+3')).toBe("'-2+3");
  });

  it('given 10,000 records, when exported and read back, then every row and header comes back as the list shows it', () => {
    const rows = Array.from({ length: 10_000 }, (_, index) =>
      record(index, {
        a: index % 7 === 0 ? `=SUM(A${index})` : `Customer ${index}`,
        b: index % 5 === 0 ? null : index * 1.5,
        c: { n: index, ok: index % 2 === 0 },
      }),
    );
    const file = buildRecordsWorkbook(definition, rows, 'fr');
    const book = XLSX.read(file, { type: 'buffer' });
    expect(book.SheetNames).toEqual(['Choses']);
    const sheet = book.Sheets.Choses;
    if (!sheet) throw new Error('The workbook has no sheet.');
    const read = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: '' });
    expect(read).toHaveLength(10_001);
    expect(read[0]).toEqual(['A', "'=B", 'C']);
    rows.forEach((row, index) => {
      expect(read[index + 1]).toEqual([
        neutralizeFormula(displayText(row.data.a)),
        row.data.b ?? '',
        displayText(row.data.c),
      ]);
    });
  });
});
