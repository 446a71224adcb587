import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { FormKind } from '../../schemas/forms';
import type { CompileError } from '../../src/core/forms/compiler';
import type { DatabaseSchema } from '../db/schema';
import { projectPath } from '../paths';
import { checkStorableForm } from './storedForm';

/** The folder of the demo form definitions, `fixtures/forms/`. */
export const FORM_FIXTURES_DIR = projectPath('fixtures', 'forms');

/**
 * The folder, inside a forms folder, of the per-language texts of its Flowable-format forms:
 * `i18n/<file>` beside `<file>`, so the form itself stays a file Flowable reads.
 */
export const FORM_TRANSLATIONS_DIR = 'i18n';

/**
 * A fixture file's definition, with the texts of `i18n/<file>` (when there is one) as its
 * `translations` block; a block the file carries itself wins.
 */
export async function readFormFixture(folder: string, file: string): Promise<unknown> {
  const definition: unknown = JSON.parse(await readFile(join(folder, file), 'utf8'));
  let translations: unknown;
  try {
    translations = JSON.parse(await readFile(join(folder, FORM_TRANSLATIONS_DIR, file), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return definition;
    throw error;
  }
  if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
    return definition;
  }
  return 'translations' in definition ? definition : { ...definition, translations };
}

/** Key of the advisory lock that serialises form seeding across server processes. */
const FORM_SEED_LOCK_KEY = 7_365_300;

/**
 * Takes, for the rest of the transaction, the lock every writer of stored forms takes, so
 * two writers never pick the same next version of a form.
 */
export async function lockFormStore(trx: Kysely<DatabaseSchema>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${FORM_SEED_LOCK_KEY})`.execute(trx);
}

/** A definition to store under a tenant. */
export interface FormToStore {
  readonly tenant: string;
  readonly id: string;
  readonly kind: FormKind;
  readonly definition: Readonly<Record<string, unknown>>;
}

/** What storing a definition did: the version it is now, and whether that is new. */
export interface StoredVersion {
  readonly version: number;
  readonly created: boolean;
}

/**
 * Stores a definition as the next version of its id, unless it equals the latest version
 * (compared as jsonb, so key order and spacing do not count): then that version stays.
 * Call inside a transaction that holds the seed lock when several writers may race.
 */
export async function storeFormDefinition(
  db: Kysely<DatabaseSchema>,
  form: FormToStore,
): Promise<StoredVersion> {
  const json = JSON.stringify(form.definition);
  const latest = await db
    .selectFrom('form_definitions')
    .select(['version', sql<boolean>`definition = cast(${json} as jsonb)`.as('same')])
    .where('tenant', '=', form.tenant)
    .where('id', '=', form.id)
    .orderBy('version', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (latest?.same) return { version: latest.version, created: false };
  const version = (latest?.version ?? 0) + 1;
  await db
    .insertInto('form_definitions')
    .values({ tenant: form.tenant, id: form.id, kind: form.kind, version, definition: json })
    .execute();
  return { version, created: true };
}

/** A fixture file that could not be stored, and why. */
export interface RefusedFormFile {
  readonly file: string;
  readonly errors: readonly CompileError[];
}

/** What a seed run did. */
export interface FormSeedReport {
  /** New versions written, as `tenant/id@version`. */
  readonly stored: readonly string[];
  /** Files that are not JSON or fail their format's schema (skipped). */
  readonly refused: readonly RefusedFormFile[];
}

async function readFixtures(folder: string): Promise<{
  forms: { id: string; kind: FormKind; definition: Record<string, unknown> }[];
  refused: RefusedFormFile[];
}> {
  const files = (await readdir(folder))
    .filter((name) => name.endsWith('.json') && !name.startsWith('invalid-'))
    .sort();
  const forms: { id: string; kind: FormKind; definition: Record<string, unknown> }[] = [];
  const refused: RefusedFormFile[] = [];
  for (const file of files) {
    let definition: unknown;
    try {
      definition = await readFormFixture(folder, file);
    } catch {
      refused.push({ file, errors: [{ code: 'schema.json', path: '', params: {} }] });
      continue;
    }
    const checked = checkStorableForm(definition, file.slice(0, -'.json'.length));
    if (!checked.ok) {
      refused.push({ file, errors: checked.errors });
      continue;
    }
    forms.push({
      id: checked.id,
      kind: checked.kind,
      definition: definition as Record<string, unknown>,
    });
  }
  return { forms, refused };
}

/**
 * Stores `fixtures/forms/*.json` (not the `invalid-*` examples) for every tenant. An
 * unchanged file keeps its version and a changed one becomes the next version, so this
 * runs on every start: the first start seeds, later starts pick up edited or new files.
 * Files that fail their format's schema are reported and skipped. One transaction under
 * an advisory lock, so concurrent starters wait and then find nothing to do.
 */
export async function seedFormDefinitions(
  db: Kysely<DatabaseSchema>,
  folder: string = FORM_FIXTURES_DIR,
): Promise<FormSeedReport> {
  if (await fixturesAlreadyStored(db, folder)) return { stored: [], refused: [] };
  const { forms, refused } = await readFixtures(folder);
  const stored = await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${FORM_SEED_LOCK_KEY})`.execute(trx);
    const tenants = await trx.selectFrom('tenants').select('name').orderBy('name').execute();
    const written: string[] = [];
    for (const { name: tenant } of tenants) {
      for (const form of forms) {
        const result = await storeFormDefinition(trx, { tenant, ...form });
        if (result.created) written.push(`${tenant}/${form.id}@${result.version}`);
      }
    }
    return written;
  });
  return { stored, refused };
}

/** JSON with object keys sorted, so a jsonb round trip (which reorders keys) compares equal. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * True when every fixture file is already the latest stored version of its form in every
 * tenant. A warm start then skips checking each file against its format's schema, which
 * (compiling the schemas first) cost more than the rest of the start put together.
 */
async function fixturesAlreadyStored(db: Kysely<DatabaseSchema>, folder: string): Promise<boolean> {
  const files = (await readdir(folder)).filter(
    (name) => name.endsWith('.json') && !name.startsWith('invalid-'),
  );
  const texts = new Set<string>();
  for (const file of files) {
    try {
      texts.add(canonicalJson(await readFormFixture(folder, file)));
    } catch {
      return false;
    }
  }
  const tenants = await db.selectFrom('tenants').select('name').execute();
  const latest = await db
    .selectFrom('form_definitions as f')
    .select(['f.tenant', 'f.definition'])
    .where(({ eb, selectFrom }) =>
      eb(
        'f.version',
        '=',
        selectFrom('form_definitions as l')
          .select(({ fn }) => fn.max('l.version').as('latest'))
          .whereRef('l.tenant', '=', 'f.tenant')
          .whereRef('l.id', '=', 'f.id'),
      ),
    )
    .execute();
  return tenants.every(({ name }) => {
    const stored = new Set(
      latest.filter((row) => row.tenant === name).map((row) => canonicalJson(row.definition)),
    );
    return [...texts].every((text) => stored.has(text));
  });
}
