// RFC 4180 CSV text, safe to open in a spreadsheet whatever its list separator. Pure: no I/O,
// no locale.

/** Leading characters a spreadsheet reads as the start of a formula (or a hidden one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell's text: a cell starting a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading `'`, so a spreadsheet shows it as text instead of running it
 * (OWASP, "CSV injection"); then every cell is quoted, its quotes doubled. Quoting only
 * cells with a comma is not enough: a spreadsheet whose list separator is `;` (French or
 * Spanish Excel) would split `Smith;=1+1` into two cells and run the second. Inside quotes a
 * `;` or a `,` stays in its cell for either reader, so the one leading guard covers both.
 */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/**
 * The CSV text of a table of rows: cells joined by commas, records ended by CRLF (RFC 4180
 * section 2, rules 1 and 4), every cell passed through {@link csvCell}.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
