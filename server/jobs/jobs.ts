import type { DocumentType } from '../../schemas/api/documents';
import type { ListRecord, ObjectDefinition } from '../../schemas/api/records';
import type { OfficeKind } from '../documents/officeZip';
import { checkTemplate, fillTemplate } from '../documents/templateJobs';
import { toTemplateValues, type TemplateValues } from '../documents/templateValues';
import type { SpreadsheetLimits } from '../files/fileStoreConfig';
import { readSpreadsheet, type SpreadsheetOutcome } from '../files/readSpreadsheet';
import { buildRecordsWorkbook, type ExportLabels } from '../records/exportRecords';

/** Bytes as they arrive on a thread: a Buffer sent by postMessage comes back a Uint8Array. */
const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * The work that runs on a thread of its own (runInWorker.ts), by name: each takes plain data
 * and the handed-over items and answers plain data, which the structured clone copies
 * without any prototype. A new kind of heavy work is one more line here.
 */
export const jobs = {
  /** A template upload: what kind of Office file it is, once it is known to be fillable. */
  checkTemplate: (input: { content: Uint8Array }): OfficeKind =>
    checkTemplate(asBuffer(input.content)),
  /** A document from a template and the subject's values. */
  fillTemplate: (input: {
    content: Uint8Array;
    documentType: DocumentType;
    values: TemplateValues;
  }): Uint8Array =>
    fillTemplate(
      asBuffer(input.content),
      input.documentType,
      // The copy that crossed over has Object.prototype again: take it off once more.
      toTemplateValues(input.values),
    ),
  /** The records download: the items are the records, in the list's order. */
  exportRecords: (
    input: { definition: ObjectDefinition; locale: string; labels?: ExportLabels },
    items: readonly unknown[],
  ): Uint8Array =>
    buildRecordsWorkbook(
      input.definition,
      items as readonly ListRecord[],
      input.locale,
      input.labels,
    ),
  /** An uploaded spreadsheet's first rows, or why it is refused. */
  readSpreadsheet: (input: {
    content: Uint8Array;
    limits: SpreadsheetLimits;
  }): SpreadsheetOutcome => readSpreadsheet(input.content, input.limits),
} satisfies Record<string, (input: never, items: readonly unknown[]) => unknown>;

/** The name of a job. */
export type JobName = keyof typeof jobs;
/** What a job takes. */
export type JobInput<Name extends JobName> = Parameters<(typeof jobs)[Name]>[0];
/** What a job answers. */
export type JobOutput<Name extends JobName> = ReturnType<(typeof jobs)[Name]>;

/** A refusal made on the thread (an AppError), as plain data for the main thread to rethrow. */
export interface WorkerRefusal {
  statusCode: number;
  code: string;
  message: string;
  details: unknown[] | undefined;
}

/** What the main thread sends: a slice of the items, then the job to run. */
export type WorkerRequest =
  { type: 'items'; items: unknown[] } | { type: 'run'; job: JobName; input: unknown };

/** What the thread answers: ready for input, the value, or why it failed. */
export type WorkerAnswer =
  | { type: 'ready' }
  | { type: 'done'; value: unknown }
  | { type: 'failed'; refusal: WorkerRefusal | null; message: string };
