import { createHash } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { ObjectDefinition } from '../../schemas/api/records';
import { RECORD_FIELD_KEY_PATTERN } from '../../schemas/api/recordsConstants';
import type { DatabaseSchema } from '../db/schema';
import { collated } from '../db/textCollation';
import { AppError } from '../errors';
import type { ObjectDefinitionsTable } from './recordTables';

/** An `object_definitions` row as the API answers it. */
export function toObjectDefinition(row: Selectable<ObjectDefinitionsTable>): ObjectDefinition {
  return {
    key: row.key,
    version: row.version,
    label: row.label,
    owner: row.owner,
    colour: row.colour,
    fields: row.fields,
    externalAnalysisUrl: row.external_analysis_url,
    otherData: row.other_data,
  };
}

/** The tenant's object definitions, the latest version of each key, by label order of key. */
export async function listObjectDefinitions(
  db: Kysely<DatabaseSchema>,
  tenant: string,
): Promise<ObjectDefinition[]> {
  const rows = await db
    .selectFrom('object_definitions')
    .selectAll()
    .distinctOn('key')
    .where('tenant', '=', tenant)
    .orderBy('key')
    .orderBy('version', 'desc')
    .execute();
  return rows.map(toObjectDefinition);
}

/** One object definition of the tenant; 404 when the tenant has no such key and version. */
export async function requireObjectDefinition(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  key: string,
  version: number,
): Promise<ObjectDefinition> {
  const row = await db
    .selectFrom('object_definitions')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('key', '=', key)
    .where('version', '=', version)
    .executeTakeFirst();
  if (!row) {
    throw new AppError(404, ErrorCode.notFound, `No object definition ${key} version ${version}.`);
  }
  return toObjectDefinition(row);
}

const FIELD_KEY = new RegExp(RECORD_FIELD_KEY_PATTERN);

/**
 * The name of the sort index of one field key. Field keys may differ only in case, which
 * PostgreSQL's folded names would not, so a hash of the exact key makes the name unique.
 */
export function fieldIndexName(fieldKey: string): string {
  const hash = createHash('sha256').update(fieldKey).digest('hex').slice(0, 16);
  return `object_records_field_${hash}_idx`;
}

/**
 * The name of the trigram index of one text field key (partial filters), unique per exact
 * key as {@link fieldIndexName} is; migration 0631 names the indexes it makes the same way.
 */
export function fieldTrigramIndexName(fieldKey: string): string {
  const hash = createHash('sha256').update(fieldKey).digest('hex').slice(0, 16);
  return `object_records_trgm_${hash}_idx`;
}

/** The name of the collated sort index of one text field key, unique as {@link fieldIndexName}. */
export function fieldCollatedIndexName(fieldKey: string): string {
  const hash = createHash('sha256').update(fieldKey).digest('hex').slice(0, 16);
  return `object_records_text_${hash}_idx`;
}

/**
 * Makes sure every field of a definition has its sort index: `(tenant, key, version,
 * data->'field', id)`, which lets a sorted page be read from the index in order, whichever
 * filter applies, instead of sorting the object's every row. One index per field key
 * serves every object and tenant that has a field of that name; a text field also gets its
 * trigram index, for partial filters. Keys are checked against
 * the field key pattern before they reach the statement.
 */
export async function ensureFieldIndexes(
  db: Kysely<DatabaseSchema>,
  definition: Pick<ObjectDefinition, 'fields'>,
): Promise<void> {
  for (const field of definition.fields) {
    if (!FIELD_KEY.test(field.key)) throw new Error(`Bad field key ${field.key}`);
    await sql`create index if not exists ${sql.id(fieldIndexName(field.key))}
      on object_records (tenant, key, version, (data -> ${sql.lit(field.key)}), id)`.execute(db);
    // A text field's partial filter (`data ->> 'field' ilike '%text%'`) reads its trigram
    // index instead of every record of the object. Other types are rarely searched by part
    // and would only slow every write.
    if (field.type === 'string') {
      await sql`create index if not exists ${sql.id(fieldTrigramIndexName(field.key))}
        on object_records using gin ((data ->> ${sql.lit(field.key)}) gin_trgm_ops)`.execute(db);
      // A text field sorts as words in the list's collation (server/db/textCollation.ts),
      // which the jsonb index above cannot serve: this one reads a sorted page in order.
      await sql`create index if not exists ${sql.id(fieldCollatedIndexName(field.key))}
        on object_records (tenant, key, version, (${collated(
          sql`data ->> ${sql.lit(field.key)}`,
          undefined,
        )}), id)`.execute(db);
    }
  }
}

/**
 * Stores a definition (or replaces the same key and version) and its fields' sort indexes.
 * Used by the demo seed and by tests; authoring definitions is not part of the app.
 */
export async function storeObjectDefinition(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  definition: ObjectDefinition,
): Promise<void> {
  const row = {
    tenant,
    key: definition.key,
    version: definition.version,
    label: JSON.stringify(definition.label),
    owner: definition.owner,
    colour: definition.colour,
    fields: JSON.stringify(definition.fields),
    external_analysis_url: definition.externalAnalysisUrl,
    other_data: JSON.stringify(definition.otherData),
  };
  await db
    .insertInto('object_definitions')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['tenant', 'key', 'version']).doUpdateSet({
        label: row.label,
        owner: row.owner,
        colour: row.colour,
        fields: row.fields,
        external_analysis_url: row.external_analysis_url,
        other_data: row.other_data,
      }),
    )
    .execute();
  await ensureFieldIndexes(db, definition);
}
