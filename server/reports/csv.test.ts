import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv';

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
  it('leaves plain text alone', () => {
    expect(csvCell('Aisha Bello')).toBe('Aisha Bello');
    expect(csvCell('')).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
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

describe('toCsv', () => {
  it('ends every record with CRLF', () => {
    expect(
      toCsv([
        ['a', 'b'],
        ['c', ''],
      ]),
    ).toBe('a,b\r\nc,\r\n');
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
