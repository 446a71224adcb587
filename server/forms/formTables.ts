import type { ColumnType } from 'kysely';
import type { FormKind } from '../../schemas/forms';

/** A jsonb column: read parsed, written as JSON text (so arrays are not sent as SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** `form_definitions`: one immutable version of a form definition of a tenant. */
export interface FormDefinitionsTable {
  tenant: string;
  /** The form id: the formKey user tasks name. */
  id: string;
  kind: FormKind;
  /** 1 for the first stored definition of an id, then one more per changed definition. */
  version: number;
  /** The definition as its author wrote it. */
  definition: Json<Record<string, unknown>>;
  created_at: GeneratedTimestamp;
}

/** The forms area's tables, merged into the server's DatabaseSchema. */
export interface FormTables {
  form_definitions: FormDefinitionsTable;
}
