// RFC 4180 CSV text, safe to open in a spreadsheet. Pure: no I/O, no locale.

/** Leading characters a spreadsheet reads as the start of a formula (or a hidden one). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Characters that make a cell need quotes (RFC 4180 section 2, rules 5 and 6). */
const NEEDS_QUOTES = /[",\r\n]/;

/**
 * One cell's text: a cell starting a formula (`=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading `'`, so a spreadsheet shows it as text instead of running it
 * (OWASP, "CSV injection"); then a cell holding a quote, a comma or a line break is quoted,
 * its quotes doubled.
 */
export function csvCell(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The CSV text of a table of rows: cells joined by commas, records ended by CRLF (RFC 4180
 * section 2, rules 1 and 4), every cell passed through {@link csvCell}.
 */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('');
}
