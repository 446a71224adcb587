import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { csvCell, toCsv } from './csv';

/** One cell as a spreadsheet read it: its shown text, and the formula it would run. */
interface ReadCell {
  text: string;
  formula: string | undefined;
}

/**
 * Reads CSV text as a spreadsheet does, with `separator` as its list separator (`;` in a
 * French or Spanish Excel): SheetJS's CSV reader, which also marks the cells it takes for
 * formulas (quoted or not, as Excel does).
 */
function readAsSpreadsheet(text: string, separator: ',' | ';'): ReadCell[][] {
  const book = XLSX.read(text, { type: 'string', FS: separator });
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  const ref = sheet?.['!ref'];
  if (!sheet || !ref) return [];
  const range = XLSX.utils.decode_range(ref);
  const rows: ReadCell[][] = [];
  for (let r = range.s.r; r <= range.e.r; r += 1) {
    const row: ReadCell[] = [];
    for (let c = range.s.c; c <= range.e.c; c += 1) {
      const cell = sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject | undefined;
      if (cell) row.push({ text: cell.w ?? String(cell.v ?? ''), formula: cell.f });
    }
    rows.push(row);
  }
  return rows;
}

/** A strict RFC 4180 reader, so the tests check the text a spreadsheet would read. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let index = 0;
  let quoted = false;
  while (index < text.length) {
    const char = text[index] ?? '';
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
      } else if (char === '"') {
        quoted = false;
        index += 1;
      } else {
        cell += char;
        index += 1;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
      index += 1;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
      index += 1;
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      index += 2;
    } else {
      if (char === '"' || char === '\n' || char === '\r') {
        throw new Error(`Unquoted ${JSON.stringify(char)} at ${index}`);
      }
      cell += char;
      index += 1;
    }
  }
  if (quoted) throw new Error('Unterminated quote');
  if (cell !== '' || row.length > 0) throw new Error('The last record has no CRLF');
  return rows;
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

describe('csvCell', () => {
  it('quotes every cell, even plain text and an empty one', () => {
    expect(csvCell('Aisha Bello')).toBe('"Aisha Bello"');
    expect(csvCell('')).toBe('""');
  });

  it('doubles quotes and keeps commas, semicolons and line breaks inside the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(FORMULA_START)('prefixes a cell starting with %j with a quote mark', (start) => {
    const cell = csvCell(`${start}SUM(A1:A9)`);
    const [[read]] = parseCsv(`${cell}\r\n`) as [[string]];
    expect(read).toBe(`'${start}SUM(A1:A9)`);
  });

  it('guards a formula that also needs quotes', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
  });
});

describe('a spreadsheet reading the CSV', () => {
  const HOSTILE = ['Smith;=1+1', '=HYPERLINK("http://evil.example/?a;b","Click;me")', 'a,=2+2'];

  it.each([',', ';'] as const)(
    'given cells with a formula behind a separator, when read with %j as list separator, then each stays one cell and none is a formula',
    (separator) => {
      const rows = readAsSpreadsheet(toCsv(HOSTILE.map((cell) => [cell])), separator);
      expect(rows.map((row) => row.map((cell) => cell.text))).toEqual([
        ['Smith;=1+1'],
        [`'=HYPERLINK("http://evil.example/?a;b","Click;me")`],
        ['a,=2+2'],
      ]);
      expect(rows.flat().every((cell) => cell.formula === undefined)).toBe(true);
    },
  );

  it("given the report's three columns, when read with commas, then the cells come back as written", () => {
    const rows = readAsSpreadsheet(toCsv([['Applicant', 'Last name', 'Smith;=1+1']]), ',');
    expect(rows).toEqual([
      [
        { text: 'Applicant', formula: undefined },
        { text: 'Last name', formula: undefined },
        { text: 'Smith;=1+1', formula: undefined },
      ],
    ]);
  });

  it.each([',', ';'] as const)(
    'property: read with %j as list separator, no cell is a formula or starts one, whatever the text',
    (separator) => {
      fc.assert(
        fc.property(
          fc.array(
            fc.array(
              fc.oneof(
                fc.string({ maxLength: 20 }),
                fc.constantFrom('=1+1', 'x;=1+1', 'x,=1+1', '@SUM(A1)', '+1;-1', ';=A1', ',=A1'),
              ),
              { minLength: 1, maxLength: 4 },
            ),
            { minLength: 1, maxLength: 4 },
          ),
          (rows) =>
            readAsSpreadsheet(toCsv(rows), separator)
              .flat()
              .every((cell) => cell.formula === undefined && !/^[=+\-@]/.test(cell.text)),
        ),
        { numRuns: 200 },
      );
    },
  );
});

describe('toCsv', () => {
  it('ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('"a","b"\r\n"c",""\r\n');
  });

  it('property: no cell read back starts a formula, whatever the text', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.string({ unit: 'binary', maxLength: 40 }), { minLength: 1, maxLength: 8 }),
          {
            maxLength: 8,
          },
        ),
        (rows) => {
          const cells = parseCsv(toCsv(rows)).flat();
          return cells.every((cell) => !FORMULA_START.includes(cell.charAt(0)));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('property: every cell reads back as written, with only the guard quote added', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.array(fc.oneof(fc.string(), fc.constantFrom('=1+1', '-5', '@x', '\t', '"\r\n,"')), {
            minLength: 1,
          }),
        ),
        (rows) => {
          const expected = rows.map((row) =>
            row.map((cell) => (FORMULA_START.includes(cell.charAt(0)) ? `'${cell}` : cell)),
          );
          expect(parseCsv(toCsv(rows))).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
  });
});
