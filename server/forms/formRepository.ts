import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { sql, type Kysely } from 'kysely';
import type { FormSummary } from '../../schemas/api/forms';
import { linearRegExp, listCombinedRefs } from '../../src/core/forms/compiler';
import type { DatabaseSchema } from '../db/schema';
import {
  compileStoredForm,
  type CompiledForm,
  type CompiledPart,
  type SaveMode,
} from './compileStoredForm';
import { localizedNameOf, toStoredForm, type StoredForm } from './storedForm';

/** How many compiled forms one server process keeps; far more than a tenant's forms. */
const COMPILED_CACHE_SIZE = 256;

/**
 * The Ajv instance of the save schemas. `allErrors` so a refused save lists every field;
 * no coercion or defaults, so what is checked is exactly what is stored; patterns on the
 * linear-time engine the browser's validator uses, so both sides read a pattern alike and
 * no typed text can make a save backtrack for seconds.
 */
function createFormAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    strict: false,
    coerceTypes: false,
    useDefaults: false,
    removeAdditional: false,
    unicodeRegExp: false,
    addUsedSchema: false,
    code: { regExp: linearRegExp },
  });
  addFormats(ajv, ['date']);
  return ajv;
}

/**
 * Reads the tenant-scoped form store and compiles what it reads. A stored version never
 * changes, so a compiled form (and its Ajv validators, compiled once from our own
 * normalised schema) is cached by tenant, id, version and, for a combined task, the
 * versions of the forms it names: a new version of a referenced form is a new entry.
 */
export class FormRepository {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly ajv = createFormAjv();
  private readonly cache = new Map<string, CompiledForm>();
  private readonly validators = new WeakMap<
    CompiledPart,
    Partial<Record<SaveMode, ValidateFunction>>
  >();

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

  /** Compiles a stored version (cached), resolving a combined task's references now. */
  async compile(stored: StoredForm): Promise<CompiledForm> {
    const refs =
      stored.kind === 'combined'
        ? await this.latestOf(stored.tenant, listCombinedRefs(stored.definition))
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

  /**
   * The Ajv validator of a part's save schema, compiled on first use and kept with the
   * compiled form. Only our own normalised schema is compiled, never anything a request
   * carries.
   */
  validator(part: CompiledPart, mode: SaveMode): ValidateFunction {
    let byMode = this.validators.get(part);
    if (!byMode) {
      byMode = {};
      this.validators.set(part, byMode);
    }
    let validate = byMode[mode];
    if (!validate) {
      validate = this.ajv.compile(part.schemas[mode]);
      byMode[mode] = validate;
    }
    return validate;
  }

  private evictOldest(): void {
    const oldest = this.cache.entries().next();
    if (oldest.done) return;
    const [key, compiled] = oldest.value;
    this.cache.delete(key);
    // Ajv keeps every compiled schema; forget the evicted form's so memory stays bounded.
    for (const part of compiled.parts) {
      for (const mode of ['draft', 'submit'] as const) this.ajv.removeSchema(part.schemas[mode]);
    }
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
