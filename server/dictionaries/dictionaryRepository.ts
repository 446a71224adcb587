import type { Kysely } from 'kysely';
import type { SystemDictionary } from '../../schemas/api/dictionaries';
import {
  bindDictionaryOptions,
  dictionarySet,
  labelOf,
  type DictionarySet,
} from '../../src/core/forms/fields/dictionaries';
import type { DatabaseSchema } from '../db/schema';

export { bindDictionaryOptions, dictionarySet, labelOf, type DictionarySet };

/**
 * The tenant's dictionaries, by name, each with all its entries (retired ones included, so
 * their labels still show) in list order. Two indexed reads, whatever the number of lists.
 */
export async function listDictionaries(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<SystemDictionary[]> {
  const [lists, entries] = await Promise.all([
    db
      .selectFrom('dictionaries')
      .select(['name', 'label_en', 'label_es', 'label_fr'])
      .where('tenant', '=', tenant)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('dictionary_entries')
      .select(['dictionary', 'code', 'label_en', 'label_es', 'label_fr', 'position', 'active'])
      .where('tenant', '=', tenant)
      .orderBy('dictionary')
      .orderBy('position')
      .orderBy('code')
      .execute(),
  ]);
  const byName = new Map<string, SystemDictionary>();
  for (const list of lists) {
    byName.set(list.name, {
      name: list.name,
      label: { en: list.label_en, es: list.label_es, fr: list.label_fr },
      entries: [],
    });
  }
  for (const entry of entries) {
    byName.get(entry.dictionary)?.entries.push({
      code: entry.code,
      label: { en: entry.label_en, es: entry.label_es, fr: entry.label_fr },
      order: entry.position,
      active: entry.active,
    });
  }
  return [...byName.values()];
}

/** The tenant's dictionaries as a set by name, for binding forms and labelling codes. */
export async function loadDictionarySet(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<DictionarySet> {
  return dictionarySet(await listDictionaries(db, tenant));
}

/** The names of the tenant's dictionaries: what the compiler accepts a field to name. */
export async function dictionaryNames(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('dictionaries')
    .select('name')
    .where('tenant', '=', tenant)
    .orderBy('name')
    .execute();
  return rows.map((row) => row.name);
}

/**
 * A label look-up over the tenant's dictionaries, loaded once: records, reports and
 * exports call it per cell, `labels('currencies', 'EUR', 'es')` giving `Euro`. A code no
 * dictionary holds shows as itself.
 */
export async function loadLabelOf(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<(dictionary: string, code: unknown, locale: string) => string> {
  const set = await loadDictionarySet(db, tenant);
  return (dictionary, code, locale) => labelOf(set.get(dictionary), code, locale);
}
