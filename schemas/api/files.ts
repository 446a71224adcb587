import { Type, type Static } from '@sinclair/typebox';
import { routePatterns } from './apiRoute';
import { FileKind, FilePath, SignatureMethod } from './filesConstants';

export * from './filesConstants';

/** Route patterns of the file calls, as the server registers them. */
export const FileRoute = routePatterns(FilePath);

/** A file id: a uuid the server made, in lower case. */
export const FileId = Type.String({
  pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
});

/** Params of the calls on one file. */
export const FileParams = Type.Object({ fileId: FileId });
export type FileParams = Static<typeof FileParams>;

/** One spreadsheet cell as the sheet shows it (its formatted text), or null when empty. */
export const SpreadsheetCell = Type.Union([Type.String(), Type.Null()]);

/**
 * What a spreadsheet holds, read on the server (spec 001 section 3, "Uploaded file value":
 * the loaded rows). `rows` are the first rows of the first sheet, header row included, at
 * most SPREADSHEET_PREVIEW_ROWS; `rowCount` counts every non-empty row.
 */
export const SpreadsheetSummary = Type.Object({
  sheetName: Type.String(),
  rowCount: Type.Integer({ minimum: 0 }),
  columnCount: Type.Integer({ minimum: 0 }),
  rows: Type.Array(Type.Array(SpreadsheetCell)),
});
export type SpreadsheetSummary = Static<typeof SpreadsheetSummary>;

/** A stored file as the upload calls answer it. */
export const StoredFile = Type.Object({
  id: FileId,
  name: Type.String(),
  /** The type read from the content, which is also what a download is served as. */
  mediaType: Type.String(),
  size: Type.Integer({ minimum: 0 }),
  kind: Type.Enum(FileKind),
  taskId: Type.String(),
  processInstanceId: Type.String(),
  /** ISO 8601 UTC: when the content was last written. */
  updatedAt: Type.String(),
  /** A spreadsheet's rows; null for anything else (a PDF in an uploadExcel field too). */
  spreadsheet: Type.Union([SpreadsheetSummary, Type.Null()]),
  /** A signature's way of being made (drawn unless it was typed); absent for other kinds. */
  signatureMethod: Type.Optional(Type.Enum(SignatureMethod)),
});
export type StoredFile = Static<typeof StoredFile>;

/** Answer of an upload, a replacement and a deletion: the file concerned. */
export const StoredFileAnswer = Type.Object({ result: StoredFile });
export type StoredFileAnswer = Static<typeof StoredFileAnswer>;
