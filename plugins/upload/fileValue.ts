import { SPREADSHEET_PREVIEW_ROWS } from '../../schemas/api/filesConstants';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** A stored file as an upload field keeps it: the file's id, its name, a spreadsheet's rows. */
export interface FileValue {
  /** The file store's id (a uuid). */
  readonly id: string;
  /** The name the file was uploaded under. */
  readonly fileName: string;
  /** A spreadsheet's first rows, header row included; absent for any other file. */
  readonly rows?: readonly (readonly (string | null)[])[];
  /** How many non-empty rows the spreadsheet has; absent for any other file. */
  readonly rowCount?: number;
}

/** An upload field's value after sanitising: a file, nothing, or what could not be read. */
export type FileFieldValue = FileValue | null | string | number | boolean | object;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NAME_MAX = 255;

const isRow = (row: unknown): row is (string | null)[] =>
  Array.isArray(row) && row.every((cell) => cell === null || typeof cell === 'string');

/** Whether a value is a file as the field keeps it (a uuid id and a name). */
export function isFileValue(value: unknown): value is FileValue {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const { id, fileName } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof fileName === 'string';
}

/**
 * Reads an upload field's value: `{ id, fileName }`, with `rows` (at most the preview's
 * rows) and `rowCount` for a spreadsheet; other keys are dropped. Nothing is null; anything
 * else is kept as it came, so validation can refuse it.
 */
export function sanitizeFileValue(value: unknown): FileFieldValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  if (!isFileValue(value)) return value;
  const { rows, rowCount } = value as { rows?: unknown; rowCount?: unknown };
  const kept: { -readonly [K in keyof FileValue]: FileValue[K] } = {
    id: value.id,
    fileName: value.fileName,
  };
  if (Array.isArray(rows) && rows.every(isRow)) {
    kept.rows = rows.slice(0, SPREADSHEET_PREVIEW_ROWS);
  }
  if (typeof rowCount === 'number' && Number.isInteger(rowCount) && rowCount >= 0) {
    kept.rowCount = rowCount;
  }
  return kept;
}

/**
 * A file the store made: a uuid id and a name. Whether the file belongs to the task is the
 * server's check, which knows the store.
 */
export function validateFileValue(value: FileFieldValue): ValidationError[] {
  if (!isFileValue(value) || !UUID.test(value.id) || value.fileName.length > NAME_MAX) {
    return [validationError('validation.file.invalid')];
  }
  return [];
}

/** The file id a value points at, for the server's check that the file is the task's own. */
export function fileIdsOfValue(value: FileFieldValue): readonly string[] {
  return isFileValue(value) ? [value.id] : [];
}

/** What the file store recorded of a file when it was uploaded, as far as a value repeats it. */
export interface StoredFileFacts {
  /** The file store's id. */
  readonly id: string;
  /** The name the store kept the file under. */
  readonly name: string;
  /** A spreadsheet's summary, read on upload; null for any other file. */
  readonly spreadsheet: {
    readonly rows: readonly (readonly (string | null)[])[];
    readonly rowCount: number;
  } | null;
}

/**
 * An upload field's value as the file store knows the file: its stored name and, for a
 * spreadsheet, the rows and count read on upload. The server stores this in place of the
 * client's copy, which is only the preview it showed, so an approver or a report never
 * reads a name or rows the browser made up.
 */
export function fileValueFromStore(file: StoredFileFacts): FileValue {
  if (!file.spreadsheet) return { id: file.id, fileName: file.name };
  return {
    id: file.id,
    fileName: file.name,
    rows: file.spreadsheet.rows.slice(0, SPREADSHEET_PREVIEW_ROWS),
    rowCount: file.spreadsheet.rowCount,
  };
}
