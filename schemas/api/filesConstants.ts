// The file store's paths, kinds and limits, without any schema: what the client's fields
// import, so they never load the schema library for a constant.

import { apiRoute } from './apiRoute';

/**
 * File calls (spec 001 section 7: "upload with form data and an id; PATCH when an id exists;
 * GET file/{id}"). The paths are not shown there and are chosen here.
 */
export const FilePath = {
  /**
   * POST, `multipart/form-data`: the text fields `taskId` and `kind` first, then one file
   * part. Answers the stored file with its new id.
   */
  upload: '/api/task/file',
  /**
   * GET: the file's bytes under its name (always as an attachment). PATCH,
   * `multipart/form-data` with one file part: new content for the same id, checked as a
   * new upload of the same kind. DELETE: removes a file of an open task.
   */
  file: apiRoute('/api/task/file/:fileId'),
} as const;

/** What a file is for; each kind has its own types and size (see FILE_MEDIA_TYPES). */
export const FileKind = {
  picture: 'picture',
  signature: 'signature',
  /** The uploadExcel field: a spreadsheet (parsed on the server) or a PDF. */
  spreadsheet: 'spreadsheet',
  /** The upload field: any document of the allow-list. */
  document: 'document',
} as const;
export type FileKind = (typeof FileKind)[keyof typeof FileKind];

/**
 * How a signature was made: drawn on the pad, or a name typed and set in a script face (the
 * keyboard's way to sign). Sent with a signature's upload and kept with its file, so a
 * reviewer and an audit can tell the two apart.
 */
export const SignatureMethod = {
  drawn: 'drawn',
  typed: 'typed',
} as const;
export type SignatureMethod = (typeof SignatureMethod)[keyof typeof SignatureMethod];

/** Media types the store accepts, as read from the content's magic bytes. */
export const MediaType = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type MediaType = (typeof MediaType)[keyof typeof MediaType];

/**
 * The allow-list of each kind. Pictures and signatures: png and jpeg (spec 001 section 5);
 * spreadsheets: xlsx and pdf; documents: pdf, the two image types, xlsx and docx. Anything
 * else (GIF, SVG, HTML, archives, executables) is refused whatever its name says.
 */
export const FILE_MEDIA_TYPES: Readonly<Record<FileKind, readonly MediaType[]>> = {
  picture: [MediaType.png, MediaType.jpeg],
  signature: [MediaType.png, MediaType.jpeg],
  spreadsheet: [MediaType.xlsx, MediaType.pdf],
  document: [MediaType.pdf, MediaType.png, MediaType.jpeg, MediaType.xlsx, MediaType.docx],
};

/** Largest picture, in bytes (spec 001 sections 5 and 9). */
export const PICTURE_MAX_BYTES = 5_242_880;

/** Largest file of each kind, in bytes; one byte more is refused while it streams (413). */
export const FILE_MAX_BYTES: Readonly<Record<FileKind, number>> = {
  picture: PICTURE_MAX_BYTES,
  signature: PICTURE_MAX_BYTES,
  spreadsheet: 10 * 1024 * 1024,
  document: 10 * 1024 * 1024,
};

/** How many rows of a spreadsheet an upload answers for the field's table. */
export const SPREADSHEET_PREVIEW_ROWS = 20;

/**
 * Why a file was refused: the `code` of the error body's detail (path `file`), so a field
 * can say which of its messages applies (size: fileSizeError, type: fileFormatError).
 */
export const FileRefusal = {
  /** Larger than the kind allows (413). */
  tooLarge: 'file.tooLarge',
  /** Its content is not of an allowed type, whatever its name or declared type (415). */
  typeNotAllowed: 'file.typeNotAllowed',
  /** It claims an allowed type but cannot be read as one (415). */
  unreadable: 'file.unreadable',
  /** An image with more pixels than the server decodes (413). */
  tooManyPixels: 'file.tooManyPixels',
  /** A spreadsheet that unpacks to more than the limit: a zip bomb or close to one (413). */
  spreadsheetTooLarge: 'spreadsheet.tooLarge',
  /** More rows or cells than the limits (413). */
  spreadsheetTooManyCells: 'spreadsheet.tooManyCells',
  /** Reading it took longer than the time limit (422). */
  spreadsheetTooSlow: 'spreadsheet.tooSlow',
  /** The request is not multipart, lacks a field or a file, or has more than one (400). */
  badForm: 'file.badForm',
} as const;
export type FileRefusal = (typeof FileRefusal)[keyof typeof FileRefusal];
