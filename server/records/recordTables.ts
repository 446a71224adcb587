import type { ColumnType } from 'kysely';
import type { LocalizedText } from '../../schemas/forms';
import type { ObjectField, ObjectOtherData } from '../../schemas/api/records';

/** A jsonb column: read parsed, written as JSON text (so arrays are not sent as SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** `object_definitions`: one version of a business-object definition of a tenant. */
export interface ObjectDefinitionsTable {
  tenant: string;
  key: string;
  version: number;
  label: Json<LocalizedText>;
  owner: string;
  colour: string;
  fields: Json<ObjectField[]>;
  external_analysis_url: string | null;
  other_data: Json<ObjectOtherData>;
  created_at: GeneratedTimestamp;
}

/** `object_records`: one record of an object definition, its fields in `data`. */
export interface ObjectRecordsTable {
  tenant: string;
  id: string;
  key: string;
  version: number;
  data_version: ColumnType<number, number | undefined, number>;
  data: Json<Record<string, unknown>>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** `object_record_counts`: how many records an object has, kept by triggers. */
export interface ObjectRecordCountsTable {
  tenant: string;
  key: string;
  version: number;
  count: number;
}

/** `object_definition_processes`: a process linked to an object by what it does to records. */
export interface ObjectDefinitionProcessesTable {
  tenant: string;
  object_key: string;
  object_version: number;
  type: 'DELETE';
  process_key: string;
  label: Json<LocalizedText>;
  position: ColumnType<number, number | undefined, number>;
  created_at: GeneratedTimestamp;
}

/** `object_record_sources`: a process instance that produced a record (its form's files). */
export interface ObjectRecordSourcesTable {
  tenant: string;
  record_id: string;
  instance_id: string;
  created_at: GeneratedTimestamp;
}

/** The records area's tables, merged into the server's DatabaseSchema. */
export interface RecordTables {
  object_definitions: ObjectDefinitionsTable;
  object_records: ObjectRecordsTable;
  object_record_counts: ObjectRecordCountsTable;
  object_definition_processes: ObjectDefinitionProcessesTable;
  object_record_sources: ObjectRecordSourcesTable;
}
