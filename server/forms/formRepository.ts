import { sql, type Kysely } from 'kysely';
import type { FormSummary } from '../../schemas/api/forms';
import { listCombinedRefs } from '../../src/core/forms/compiler';
import type { DatabaseSchema } from '../db/schema';
import { compileStoredForm, type CompiledForm } from './compileStoredForm';
import { localizedNameOf, toStoredForm, type StoredForm } from './storedForm';

/** How many compiled forms one server process keeps; far more than a tenant's forms. */
const COMPILED_CACHE_SIZE = 256;

/**
 * Reads the tenant-scoped form store and compiles what it reads. A stored version never
 * changes, so a compiled form is cached by tenant, id, version and, for a combined task, the
 * versions of the forms it names: a new version of a referenced form is a new entry.
 */
export class FormRepository {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly cache = new Map<string, CompiledForm>();

  constructor(db: Kysely<DatabaseSchema>) {
    this.db = db;
  }

  /** The latest version of a form of the tenant, if it is stored. */
  async latest(tenant: string, formId: string): Promise<StoredForm | undefined> {
    const row = await this.db
      .selectFrom('form_definitions')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', formId)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row ? toStoredForm(row) : undefined;
  }

  /** One stored version of a form of the tenant. */
  async version(tenant: string, formId: string, version: number): Promise<StoredForm | undefined> {
    const row = await this.db
      .selectFrom('form_definitions')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', formId)
      .where('version', '=', version)
      .executeTakeFirst();
    return row ? toStoredForm(row) : undefined;
  }

  /** The latest version of each of `formIds` that is stored, by id. */
  async latestOf(tenant: string, formIds: readonly string[]): Promise<Map<string, StoredForm>> {
    if (formIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('form_definitions')
      .selectAll()
      .distinctOn('id')
      .where('tenant', '=', tenant)
      .where('id', 'in', [...new Set(formIds)])
      .orderBy('id')
      .orderBy('version', 'desc')
      .execute();
    return new Map(rows.map((row) => [row.id, toStoredForm(row)]));
  }

  /** Every form of the tenant at its latest version, by id, without the bodies. */
  async list(tenant: string): Promise<FormSummary[]> {
    const rows = await this.db
      .selectFrom('form_definitions')
      .select([
        'id',
        'kind',
        'version',
        sql<unknown>`definition -> 'name'`.as('name'),
        sql<unknown>`definition -> 'formDefinition' -> 'name'`.as('body_name'),
      ])
      .distinctOn('id')
      .where('tenant', '=', tenant)
      .orderBy('id')
      .orderBy('version', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      version: row.version,
      name: localizedNameOf(row.name) ?? localizedNameOf(row.body_name),
    }));
  }

  /**
   * The latest version of a form, compiled; a combined task with the latest version of
   * each form it names. Undefined when the tenant has no such form.
   */
  async compiled(tenant: string, formId: string): Promise<CompiledForm | undefined> {
    const stored = await this.latest(tenant, formId);
    if (!stored) return undefined;
    return this.compile(stored);
  }

  /**
   * The form a task of one process version shows: the version of `formId` that process
   * version was deployed with (and, for a combined task, of each form it refers to), so a
   * running instance keeps its own forms after later deployments; the latest version of a
   * form the process version was deployed without (stored after it).
   */
  async compiledForDefinition(
    tenant: string,
    formId: string,
    definitionId: string,
  ): Promise<CompiledForm | undefined> {
    const pins = await this.pinsOf(tenant, definitionId);
    const version = pins.get(formId);
    const stored =
      version === undefined
        ? await this.latest(tenant, formId)
        : await this.version(tenant, formId, version);
    if (!stored) return undefined;
    return this.compile(stored, pins);
  }

  /** The form versions a process version was deployed with, by form id. */
  async pinsOf(tenant: string, definitionId: string): Promise<Map<string, number>> {
    const rows = await this.db
      .selectFrom('process_definition_forms')
      .select(['form_id', 'form_version'])
      .where('tenant', '=', tenant)
      .where('definition_id', '=', definitionId)
      .execute();
    return new Map(rows.map((row) => [row.form_id, row.form_version]));
  }

  /**
   * Compiles a stored version (cached), resolving a combined task's references now: at
   * their `pinned` versions where given, else at their latest.
   */
  async compile(
    stored: StoredForm,
    pinned: ReadonlyMap<string, number> = new Map(),
  ): Promise<CompiledForm> {
    const refs =
      stored.kind === 'combined'
        ? await this.resolveRefs(stored.tenant, listCombinedRefs(stored.definition), pinned)
        : new Map<string, StoredForm>();
    const key = [
      stored.tenant,
      stored.id,
      stored.version,
      ...[...refs.values()].map((ref) => `${ref.id}@${ref.version}`).sort(),
    ].join('\u0000');
    const hit = this.cache.get(key);
    if (hit) {
      // Re-inserting keeps the map in least-recently-used order for eviction.
      this.cache.delete(key);
      this.cache.set(key, hit);
      return hit;
    }
    const compiled = compileStoredForm(stored, refs);
    this.cache.set(key, compiled);
    if (this.cache.size > COMPILED_CACHE_SIZE) this.evictOldest();
    return compiled;
  }

  private async resolveRefs(
    tenant: string,
    ids: readonly string[],
    pinned: ReadonlyMap<string, number>,
  ): Promise<Map<string, StoredForm>> {
    const refs = await this.latestOf(
      tenant,
      ids.filter((id) => !pinned.has(id)),
    );
    for (const id of ids) {
      const version = pinned.get(id);
      if (version === undefined) continue;
      const stored = await this.version(tenant, id, version);
      if (stored) refs.set(id, stored);
    }
    return refs;
  }

  private evictOldest(): void {
    const oldest = this.cache.entries().next();
    if (oldest.done) return;
    const [key] = oldest.value;
    this.cache.delete(key);
  }
}

const repositories = new WeakMap<Kysely<DatabaseSchema>, FormRepository>();

/**
 * The form repository of a database: one per Kysely instance, so its cache serves every
 * request of the app and tests with their own databases never share compiled forms.
 */
export function formRepositoryFor(db: Kysely<DatabaseSchema>): FormRepository {
  let repository = repositories.get(db);
  if (!repository) {
    repository = new FormRepository(db);
    repositories.set(db, repository);
  }
  return repository;
}
