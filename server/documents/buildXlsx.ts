import * as XLSX from 'xlsx';

/**
 * A one-sheet workbook from rows of text (tags included), with its columns sized to their
 * text: the demo sheet templates and the tests' are built with it rather than kept as files.
 */
export function buildXlsx(sheetName: string, rows: readonly (readonly string[])[]): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((row) => [...row]));
  const widths = rows.reduce<number[]>((most, row) => {
    row.forEach((cell, index) => (most[index] = Math.max(most[index] ?? 10, cell.length + 2)));
    return most;
  }, []);
  sheet['!cols'] = widths.map((wch) => ({ wch: Math.min(wch, 60) }));
  const workbook = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(workbook, sheet, sheetName);
  return XLSX.write(workbook, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}
