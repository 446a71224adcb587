import type { Kysely } from 'kysely';
import {
  bindFieldOptions,
  dictionaryNameOf,
  type DictionarySet,
} from '../../src/core/forms/fields/dictionaries';
import type { DatabaseSchema } from '../db/schema';
import type { CompiledPart } from '../forms/compileStoredForm';
import { loadDictionarySet } from './dictionaryRepository';

const NO_DICTIONARIES: DictionarySet = new Map();

/**
 * The tenant's dictionaries when a saved form's fields name any; no read otherwise, so a
 * form without dictionary fields costs nothing more to save.
 */
export async function dictionariesForParts(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  parts: readonly CompiledPart[],
): Promise<DictionarySet> {
  const named = parts.some((part) =>
    part.fields.some((field) => dictionaryNameOf(field) !== undefined),
  );
  return named ? loadDictionarySet(db, tenant) : NO_DICTIONARIES;
}

/**
 * A saved form's part with its dictionary fields' choices bound to the tenant's active
 * entries, so the shared validation refuses a code the dictionary does not offer
 * (`validation.enum`), as the browser does.
 */
export function bindPartOptions(part: CompiledPart, dictionaries: DictionarySet): CompiledPart {
  if (!part.fields.some((field) => dictionaryNameOf(field) !== undefined)) return part;
  return { ...part, fields: part.fields.map((field) => bindFieldOptions(field, dictionaries)) };
}
