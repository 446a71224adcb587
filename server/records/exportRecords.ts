import * as XLSX from 'xlsx';
import { ErrorCode } from '../../schemas/api/common';
import {
  RecordsDownloadRefusal,
  type ListRecord,
  type ObjectDefinition,
  type ObjectField,
} from '../../schemas/api/records';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import { labelOf, type DictionarySet } from '../../src/core/forms/fields/dictionaries';
import { AppError } from '../errors';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../workers/runInWorker';

/** Characters that make a spreadsheet read a cell as a formula (or a DDE command). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * An international phone number: a plus, then digits, spaces, dots, hyphens and brackets.
 * Re-entered in a spreadsheet it is at worst sums of numbers, never a function or a
 * reference, so it keeps its plus without a mark.
 */
const PHONE_NUMBER = /^\+[0-9][0-9 ().-]*$/;

/**
 * Text a spreadsheet shows as it is: a value starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so no application runs it as a formula when the cell
 * is edited and re-entered (OWASP's CSV injection advice). A phone number (`+34 600 000
 * 000`) names nothing a formula could run and is left as written.
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) && !PHONE_NUMBER.test(text) ? `'${text}` : text;
}

/**
 * A record's value as the list shows it (spec 001 section 3): empty for null or missing,
 * JSON text for objects, arrays and booleans, the text of anything else.
 */
export function displayText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}

/**
 * The labels of each dictionary field's codes in the download's language, by field key and
 * then by code: plain data, so it crosses to the job thread with the records.
 */
export type ExportLabels = Readonly<Record<string, Readonly<Record<string, string>>>>;

/** The labels a download of `definition` shows for its dictionary fields' codes in `locale`. */
export function exportLabels(
  definition: Pick<ObjectDefinition, 'fields'>,
  dictionaries: DictionarySet,
  locale: string,
): ExportLabels {
  const labels: Record<string, Record<string, string>> = {};
  for (const field of definition.fields) {
    if (field.dictionary === undefined) continue;
    const dictionary = dictionaries.get(field.dictionary);
    if (!dictionary) continue;
    labels[field.key] = Object.fromEntries(
      dictionary.entries.map((entry) => [entry.code, labelOf(dictionary, entry.code, locale)]),
    );
  }
  return labels;
}

/**
 * Number formats of the download. `#,##0` groups thousands with the separator of the
 * reader's spreadsheet settings (a space in French and Spanish ones); dates use the
 * records list's `YYYY-MM-DD` (spec 000 section 9), which reads the same in every locale.
 */
export const EXPORT_FORMATS = {
  integer: '#,##0',
  decimal: '#,##0.00',
  date: 'yyyy-mm-dd',
} as const;

/** A cell with nothing in it. */
const EMPTY: XLSX.CellObject = { t: 'z' };

/** A string cell holding `text`, neutralised; SheetJS writes it as text, never a formula. */
function textCell(text: string): XLSX.CellObject {
  return { t: 's', v: neutralizeFormula(text) };
}

/** A number written as a number, or as text with spaces between thousands; NaN otherwise. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  const compact = value.replace(/[\s\u00a0\u202f]/g, '');
  return /^-?\d+(?:\.\d+)?$/.test(compact) ? Number(compact) : Number.NaN;
}

/** Days from the spreadsheet epoch (1899-12-30) to 1970-01-01. */
const EPOCH_OFFSET_DAYS = 25569;

/** An ISO date (or the date of an ISO date-time) as a spreadsheet date serial; null otherwise. */
function dateSerial(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return time / 86_400_000 + EPOCH_OFFSET_DAYS;
}

/**
 * One value's cell by the field's meaning: a dictionary code as its label, a number as a
 * number cell with thousands grouped, a date as a date cell, a yes/no as a boolean cell
 * (the spreadsheet names it in its own language), anything else (or a value that does not
 * fit its type) as the list's text.
 */
function valueCell(field: ObjectField, value: unknown, labels: ExportLabels): XLSX.CellObject {
  if (value === null || value === undefined || value === '') return EMPTY;
  const codes = labels[field.key];
  if (codes && (typeof value === 'string' || typeof value === 'number')) {
    const code = String(value);
    return textCell(Object.hasOwn(codes, code) ? (codes[code] ?? code) : code);
  }
  if (field.type === 'integer' || field.type === 'decimal') {
    const number = numberOf(value);
    if (Number.isFinite(number)) return { t: 'n', v: number, z: EXPORT_FORMATS[field.type] };
  } else if (field.type === 'date') {
    const serial = dateSerial(value);
    if (serial !== null) return { t: 'n', v: serial, z: EXPORT_FORMATS.date };
  } else if (field.type === 'boolean' && typeof value === 'boolean') {
    return { t: 'b', v: value };
  }
  const text = displayText(value);
  // An empty value is a stub cell, which the writer leaves out of the file.
  return text === '' ? EMPTY : textCell(text);
}

/**
 * The records download (spec 001 section 7): one sheet whose first row is the object's
 * field labels in `locale` and whose rows are the records in the list's order, each cell
 * typed by its field (numbers and dates as numbers with a format, yes/no as booleans,
 * dictionary codes as their labels in `labels`, the rest as text neutralised against
 * formulas); empty values leave the cell empty.
 */
export function buildRecordsWorkbook(
  definition: ObjectDefinition,
  records: readonly ListRecord[],
  locale: string,
  labels: ExportLabels = {},
): Buffer {
  const fields = definition.fields;
  // A dense sheet (rows of cells) writes a quarter faster than one keyed by cell address.
  const data: XLSX.CellObject[][] = [
    fields.map((field) => textCell(localizeText(field.label, locale))),
  ];
  for (const record of records) {
    data.push(fields.map((field) => valueCell(field, record.data[field.key], labels)));
  }
  const sheet: XLSX.WorkSheet = { '!data': data };
  sheet['!ref'] = XLSX.utils.encode_range({
    s: { r: 0, c: 0 },
    e: { r: records.length, c: Math.max(fields.length - 1, 0) },
  });
  sheet['!cols'] = fields.map(() => ({ wch: 18 }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, sheetName(localizeText(definition.label, locale)));
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

/**
 * {@link buildRecordsWorkbook} on a job thread within `limits`: the records are handed over
 * in slices and the file is built there, so a download of 100,000 rows never holds up the
 * server's other answers. A limit passed is a 422 whose detail the client translates.
 */
export async function buildRecordsWorkbookInWorker(
  definition: ObjectDefinition,
  records: readonly ListRecord[],
  locale: string,
  labels: ExportLabels,
  limits: WorkerLimits,
): Promise<Buffer> {
  try {
    const file = await runInWorker(
      { job: 'exportRecords', input: { definition, locale, labels }, items: records },
      limits,
    );
    return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  } catch (error) {
    if (!(error instanceof WorkerLimitError)) throw error;
    const [code, message] =
      error.limit === 'time'
        ? [RecordsDownloadRefusal.tooSlow, 'The download took too long to build.']
        : [RecordsDownloadRefusal.tooLarge, 'The download needs too much memory to build.'];
    throw new AppError(422, ErrorCode.validation, message, {
      details: [{ path: 'filterParams', code, params: { rows: records.length } }],
    });
  }
}

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
function sheetName(label: string): string {
  const cleaned = label
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return cleaned === '' ? 'Records' : cleaned;
}

/** The download's file name: the object's label and `.xlsx` (spec 001 section 9). */
export function downloadFileName(definition: ObjectDefinition, locale: string): string {
  const label = [...localizeText(definition.label, locale)]
    .map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '_' : char))
    .join('');
  return `${label.trim() === '' ? definition.key : label.trim()}.xlsx`;
}
