import type { ColumnType } from 'kysely';
import type { DocumentType } from '../../schemas/api/documentsConstants';

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** `document_templates`: a docx or xlsx template of one scope of a tenant. */
export interface DocumentTemplatesTable {
  id: string;
  tenant: string;
  scope: string;
  name: string;
  document_type: DocumentType;
  content: Buffer;
  created_by: string;
  created_at: GeneratedTimestamp;
}

/** `generated_documents`: a filled template, kept for its download. */
export interface GeneratedDocumentsTable {
  id: string;
  tenant: string;
  subject_id: string;
  template_id: string | null;
  document_type: DocumentType;
  file_name: string;
  content: Buffer;
  created_by: string;
  created_at: GeneratedTimestamp;
}

/** The documents area's tables, merged into `DatabaseSchema`. */
export interface DocumentTables {
  document_templates: DocumentTemplatesTable;
  generated_documents: GeneratedDocumentsTable;
}

/** `created_by` of the templates the installation brings, which no user added. */
export const SYSTEM_AUTHOR = 'system';
