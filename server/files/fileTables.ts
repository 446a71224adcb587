import type { ColumnType } from 'kysely';
import type { FileKind, SignatureMethod, SpreadsheetSummary } from '../../schemas/api/files';

/** A jsonb column: read parsed, written as JSON text (so arrays are not sent as SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** What `files.summary` holds for each kind that has one. */
export interface FileSummary {
  spreadsheet?: SpreadsheetSummary;
  /** How a signature was made; a signature without it was drawn. */
  signature?: { method: SignatureMethod };
}

/** `files`: one stored file of a task, its metadata only. */
export interface FilesTable {
  id: string;
  tenant: string;
  instance_id: string;
  task_id: string;
  kind: FileKind;
  file_name: string;
  media_type: string;
  byte_size: number;
  summary: Json<FileSummary | null> | null;
  uploaded_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** `file_contents`: the bytes of a file when the database is the store. */
export interface FileContentsTable {
  file_id: string;
  tenant: string;
  content: Buffer;
}

/** The file store's tables, merged into the server's DatabaseSchema. */
export interface FileTables {
  files: FilesTable;
  file_contents: FileContentsTable;
}
