import * as XLSX from 'xlsx';
import { ErrorCode } from '../../schemas/api/common';
import {
  RecordsDownloadRefusal,
  type ListRecord,
  type ObjectDefinition,
} from '../../schemas/api/records';
import { localizeText } from '../../src/core/forms/compiler/localizeText';
import { AppError } from '../errors';
import { runInWorker, WorkerLimitError, type WorkerLimits } from '../workers/runInWorker';

/** Characters that make a spreadsheet read a cell as a formula (or a DDE command). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet shows as it is: a value starting with `=`, `+`, `-`, `@`, a tab or a
 * carriage return gets a leading `'`, so no application runs it as a formula (OWASP's CSV
 * injection advice, which the same applications apply to xlsx text they re-evaluate).
 */
export function neutralizeFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
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

/** A cell with nothing in it. */
const EMPTY: XLSX.CellObject = { t: 'z' };

/** A string cell holding `text`, neutralised; SheetJS writes it as text, never a formula. */
function textCell(text: string): XLSX.CellObject {
  return { t: 's', v: neutralizeFormula(text) };
}

/**
 * The records download (spec 001 section 7): one sheet whose first row is the object's
 * field labels in `locale` and whose rows are the records in the list's order. Every value
 * is a string cell, neutralised against formulas; empty values leave the cell empty.
 */
export function buildRecordsWorkbook(
  definition: ObjectDefinition,
  records: readonly ListRecord[],
  locale: string,
): Buffer {
  const fields = definition.fields;
  // A dense sheet (rows of cells) writes a quarter faster than one keyed by cell address.
  const data: XLSX.CellObject[][] = [
    fields.map((field) => textCell(localizeText(field.label, locale))),
  ];
  for (const record of records) {
    data.push(
      fields.map((field) => {
        const text = displayText(record.data[field.key]);
        // An empty value is a stub cell, which the writer leaves out of the file.
        return text === '' ? EMPTY : textCell(text);
      }),
    );
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
  limits: WorkerLimits,
): Promise<Buffer> {
  try {
    const file = await runInWorker(
      { job: 'exportRecords', input: { definition, locale }, items: records },
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
