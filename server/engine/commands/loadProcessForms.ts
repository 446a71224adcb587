import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NormalizedForm } from '../../../schemas/forms';
import type { DatabaseSchema } from '../../db/schema';
import {
  compileProcessForms,
  formKeysOf,
  referencedFormIds,
  type FormSource,
} from './checkProcessForms';
import type { ProcessModel } from '../processModel';

/** The latest stored version of each of `ids` in the tenant, by id. */
async function latestForms(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  ids: readonly string[],
): Promise<Map<string, FormSource>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('form_definitions')
    .select(['id', 'kind', 'definition'])
    .distinctOn('id')
    .where('tenant', '=', tenant)
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .orderBy('version', 'desc')
    .execute();
  return new Map(rows.map((row) => [row.id, { kind: row.kind, definition: row.definition }]));
}

/**
 * The forms a process names, compiled from the tenant's latest stored versions (a combined
 * task's `{ ref }` forms as well), as its tasks will show them; `bundled` forms, deployed
 * with the process, are taken instead of the stored versions of their ids. Read straight from the
 * form store's table: the forms module builds on the engine, so the engine cannot call it.
 */
export async function loadProcessForms(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  model: ProcessModel,
  bundled: ReadonlyMap<string, FormSource> = new Map(),
): Promise<Map<string, NormalizedForm>> {
  // Forms deployed together with the process stand in for the stored ones of their ids.
  const sources = await latestForms(
    db,
    tenant,
    formKeysOf(model).filter((id) => !bundled.has(id)),
  );
  for (const [id, source] of bundled) sources.set(id, source);
  for (const [id, source] of await latestForms(db, tenant, referencedFormIds(sources))) {
    sources.set(id, source);
  }
  // Every tenant deploys the same demo processes over the same forms at each first start:
  // compiling them once serves all (a compile costs tens of milliseconds a form).
  const key = createHash('sha256')
    .update(JSON.stringify([model.key, formKeysOf(model), [...sources].sort(byId)]))
    .digest('hex');
  const hit = compiled.get(key);
  if (hit) return new Map(hit);
  const forms = compileProcessForms(model, sources);
  compiled.set(key, forms);
  if (compiled.size > COMPILED_CACHE_SIZE) {
    const [oldest] = compiled.keys();
    if (oldest !== undefined) compiled.delete(oldest);
  }
  return new Map(forms);
}

/** How many processes' compiled forms are kept; a deploy of changed XML is rare. */
const COMPILED_CACHE_SIZE = 32;

/** Compiled forms by the hash of what they were compiled from. */
const compiled = new Map<string, ReadonlyMap<string, NormalizedForm>>();

function byId([a]: [string, FormSource], [b]: [string, FormSource]): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Records, inside the deploy's transaction, the form versions a new process version is
 * deployed with: each form key it names and each form a combined one of them refers to, at
 * the latest stored version. Its tasks show these versions for as long as they run.
 */
export async function pinProcessForms(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  definitionId: string,
  model: ProcessModel,
): Promise<void> {
  const named = await db
    .selectFrom('form_definitions')
    .select(['id', 'kind', 'version', 'definition'])
    .distinctOn('id')
    .where('tenant', '=', tenant)
    .where('id', 'in', [...new Set(['', ...formKeysOf(model)])])
    .orderBy('id')
    .orderBy('version', 'desc')
    .execute();
  const refs = referencedFormIds(new Map(named.map((row) => [row.id, row])));
  const referenced =
    refs.length === 0
      ? []
      : await db
          .selectFrom('form_definitions')
          .select(['id', 'version'])
          .distinctOn('id')
          .where('tenant', '=', tenant)
          .where('id', 'in', refs)
          .orderBy('id')
          .orderBy('version', 'desc')
          .execute();
  const pins = [...named, ...referenced].map((row) => ({
    tenant,
    definition_id: definitionId,
    form_id: row.id,
    form_version: row.version,
  }));
  if (pins.length === 0) return;
  await db
    .insertInto('process_definition_forms')
    .values(pins)
    .onConflict((oc) => oc.doNothing())
    .execute();
}
