import * as XLSX from 'xlsx';
import {
  FileRefusal,
  SPREADSHEET_PREVIEW_ROWS,
  type SpreadsheetSummary,
} from '../../schemas/api/files';
import { measureUnpackedZip } from '../zip/measureUnpackedZip';
import type { SpreadsheetLimits } from './fileStoreConfig';

/** Longest text kept of one cell; a field's table shows far less. */
const MAX_CELL_LENGTH = 1_000;

/** Most entries a spreadsheet's zip may list (a workbook has tens). */
const MAX_ZIP_ENTRIES = 10_000;

/** The outcome of reading a spreadsheet: its summary, or why it was refused. */
export type SpreadsheetOutcome =
  | { ok: true; summary: SpreadsheetSummary }
  | { ok: false; code: FileRefusal; params: Record<string, unknown> };

const refused = (code: FileRefusal, params: Record<string, unknown> = {}): SpreadsheetOutcome => ({
  ok: false,
  code,
  params,
});

/**
 * Reads an xlsx file's first sheet, each cell as the sheet shows it or null when empty. The
 * zip is measured first by what it really unpacks to (a running count, never its declared
 * sizes), then the used range is checked against the row and cell limits before any row is
 * turned into text. Runs on a job thread (server/jobs/jobs.ts) with a heap and a time
 * limit, so a file that still finds a way to be slow costs only that thread. The rows come
 * back as fresh arrays of strings and nulls.
 */
export function readSpreadsheet(bytes: Uint8Array, limits: SpreadsheetLimits): SpreadsheetOutcome {
  const measure = measureUnpackedZip(bytes, {
    maxUnpackedBytes: limits.maxUncompressedBytes,
    maxEntries: MAX_ZIP_ENTRIES,
  });
  if (!measure.ok) {
    if (measure.problem === 'unreadable') return refused(FileRefusal.unreadable);
    return measure.problem === 'tooManyEntries'
      ? refused(FileRefusal.spreadsheetTooLarge, {
          entries: measure.entries,
          limit: MAX_ZIP_ENTRIES,
        })
      : refused(FileRefusal.spreadsheetTooLarge, {
          unpacked: measure.unpackedBytes,
          limit: limits.maxUncompressedBytes,
        });
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(bytes, {
      type: 'array',
      dense: true,
      sheets: 0,
      // One row past the limit is enough to know the limit is passed.
      sheetRows: limits.maxRows + 1,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
    });
  } catch {
    return refused(FileRefusal.unreadable);
  }
  const sheetName = workbook.SheetNames[0];
  const sheet = sheetName === undefined ? undefined : workbook.Sheets[sheetName];
  if (!sheet) {
    return {
      ok: true,
      summary: { sheetName: sheetName ?? '', rowCount: 0, columnCount: 0, rows: [] },
    };
  }
  const extent = sheet['!fullref'] ?? sheet['!ref'];
  if (extent) {
    const range = XLSX.utils.decode_range(extent);
    const rowSpan = range.e.r - range.s.r + 1;
    const columnSpan = range.e.c - range.s.c + 1;
    if (rowSpan > limits.maxRows) {
      return refused(FileRefusal.spreadsheetTooManyCells, { rows: rowSpan, limit: limits.maxRows });
    }
    if (rowSpan * columnSpan > limits.maxCells) {
      return refused(FileRefusal.spreadsheetTooManyCells, {
        cells: rowSpan * columnSpan,
        limit: limits.maxCells,
      });
    }
  }
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, {
    header: 1,
    raw: false,
    defval: null,
    blankrows: false,
  });
  // Fresh arrays of strings and nulls: nothing of the parser's objects leaves the thread.
  const rows = raw.map((row) =>
    Array.from(row, (cell) =>
      typeof cell === 'string' && cell !== '' ? cell.slice(0, MAX_CELL_LENGTH) : null,
    ),
  );
  const columnCount = rows.reduce((widest, row) => Math.max(widest, row.length), 0);
  return {
    ok: true,
    summary: {
      sheetName: String(sheetName),
      rowCount: rows.length,
      columnCount,
      rows: rows.slice(0, SPREADSHEET_PREVIEW_ROWS),
    },
  };
}
