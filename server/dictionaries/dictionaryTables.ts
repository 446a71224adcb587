import type { ColumnType } from 'kysely';

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** `dictionaries`: one value list of a tenant, with its title in every shipped language. */
export interface DictionariesTable {
  tenant: string;
  /** What a form field names. */
  name: string;
  label_en: string;
  label_es: string;
  label_fr: string;
  created_at: GeneratedTimestamp;
}

/** `dictionary_entries`: one code of a dictionary and its labels. */
export interface DictionaryEntriesTable {
  tenant: string;
  dictionary: string;
  /** What forms and records store. */
  code: string;
  label_en: string;
  label_es: string;
  label_fr: string;
  /** The entry's place in its list, smallest first. */
  position: number;
  /** Offered and accepted in forms; a retired entry still has its labels. */
  active: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The dictionaries area's tables, merged into the server's DatabaseSchema. */
export interface DictionaryTables {
  dictionaries: DictionariesTable;
  dictionary_entries: DictionaryEntriesTable;
}
