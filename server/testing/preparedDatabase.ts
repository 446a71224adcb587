import { randomBytes } from 'node:crypto';
import { createDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import type { AppDatabase } from '../db/database';
import { ProcessEngine } from '../engine/ProcessEngine';
import type { ScryptParams } from '../identity/passwordHash';
import { seedFormDefinitions } from '../forms/seedFormDefinitions';
import { seedDemoDocumentTemplates } from '../seed/demoDocumentTemplates';
import { deployDemoProcesses } from '../seed/demoWorkload';
import { seedIdentity } from '../seed/seedIdentity';
import { emptyClusterCopy, type ClusterCopy } from './emptyClusterCopy';
import { dropDatabase, onMaintenanceDatabase } from './maintenanceDatabase';

/** The scrypt cost of test servers: cheap, and carried in each hash like production's. */
export const TEST_PASSWORD_HASHING: ScryptParams = { log2N: 11, r: 8, p: 1 };

/** What {@link seedTestDatabase} writes beside the schema; all of it by default. */
export interface TestSeed {
  /** The demo tenants, users, forms and document templates. */
  demo?: boolean;
  /** The demo processes, deployed for every tenant (with `demo`). */
  processes?: boolean;
}

/**
 * What a test server's database holds before its first request: the schema, the demo
 * tenants, users, forms and document templates, and the demo processes deployed for every
 * tenant. The one sequence both the prepared database and a server without one run.
 */
export async function seedTestDatabase(
  database: AppDatabase,
  passwordHashing: ScryptParams,
  { demo = true, processes = true }: TestSeed = {},
): Promise<void> {
  // Migrating and seeding have no statement deadline, as at a real start.
  await database.withoutStatementDeadline(async () => {
    await migrate(database.db);
    if (!demo) return;
    await seedIdentity(database.db, passwordHashing);
    await seedFormDefinitions(database.db);
    await seedDemoDocumentTemplates(database.db);
    if (processes) await deployDemoProcesses(database.db, new ProcessEngine(database.db));
  });
}

/** The environment variable that tells a test process where the prepared database is. */
const PREPARED_ENV = 'TESSERA_TEST_PREPARED_DATABASE';

/** Where the prepared database of this test run is, on each backend it was made for. */
interface PreparedLocations {
  /** A closed PGlite cluster to copy. */
  pgliteDir?: string;
  /** A PostgreSQL database to create others from (`create database … template …`). */
  postgres?: { serverUrl: string; template: string };
}

/** Where a test database may start from instead of empty. */
export type PreparedSource =
  { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; template: string };

/**
 * The prepared database for a server on `serverUrl` (PostgreSQL) or on PGlite (undefined),
 * when this test run made one: none outside a Vitest run that set it up, and none for
 * another PostgreSQL server than the one it was made on.
 */
export function preparedSource(serverUrl: string | undefined): PreparedSource | undefined {
  const text = process.env[PREPARED_ENV];
  if (!text) return undefined;
  const locations = JSON.parse(text) as PreparedLocations;
  if (serverUrl === undefined) {
    return locations.pgliteDir ? { kind: 'pglite', dataDir: locations.pgliteDir } : undefined;
  }
  const postgres = locations.postgres;
  return postgres && sameServer(postgres.serverUrl, serverUrl)
    ? { kind: 'postgres', template: postgres.template }
    : undefined;
}

/** Whether two connection strings reach the same server as the same user (the database aside). */
function sameServer(a: string, b: string): boolean {
  const server = (url: string) => {
    const parsed = new URL(url);
    parsed.pathname = '/';
    return parsed.toString();
  };
  return server(a) === server(b);
}

/**
 * Makes this test run's prepared database, once, before any test file starts (Vitest's
 * global setup): a PGlite cluster, and a PostgreSQL template database where DATABASE_URL
 * names a server. Each test server then starts from a copy instead of migrating and seeding
 * its own, seconds a start on a busy machine. Answers the teardown that removes them.
 */
export async function prepareTestDatabases(): Promise<() => Promise<void>> {
  const passwordHashing = TEST_PASSWORD_HASHING;
  const cleanups: (() => Promise<void>)[] = [];
  const teardown = async () => {
    Reflect.deleteProperty(process.env, PREPARED_ENV);
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
  try {
    const locations: PreparedLocations = {};
    const cluster = await preparePglite(passwordHashing);
    cleanups.push(cluster.remove);
    locations.pgliteDir = cluster.dataDir;
    const serverUrl = process.env.DATABASE_URL;
    if (serverUrl) {
      const template = `tessera_prepared_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      cleanups.push(() => dropDatabase(serverUrl, template));
      await preparePostgres(serverUrl, template, passwordHashing);
      locations.postgres = { serverUrl, template };
    }
    // Vitest starts its test processes after the global setup, with this environment.
    process.env[PREPARED_ENV] = JSON.stringify(locations);
    return teardown;
  } catch (error) {
    await teardown();
    throw error;
  }
}

/** A PGlite cluster, migrated and seeded, then closed: the folder every copy comes from. */
async function preparePglite(passwordHashing: ScryptParams): Promise<ClusterCopy> {
  const cluster = await emptyClusterCopy();
  try {
    const database = await createDatabase({ dataDir: cluster.dataDir });
    try {
      await seedTestDatabase(database, passwordHashing);
    } finally {
      await database.close();
    }
    return cluster;
  } catch (error) {
    await cluster.remove();
    throw error;
  }
}

async function preparePostgres(
  serverUrl: string,
  template: string,
  passwordHashing: ScryptParams,
): Promise<void> {
  await onMaintenanceDatabase(serverUrl, (admin) => admin.query(`create database "${template}"`));
  const url = new URL(serverUrl);
  url.pathname = `/${template}`;
  const database = await createDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  try {
    await seedTestDatabase(database, passwordHashing);
  } finally {
    // A template must have no open connection while databases are created from it.
    await database.close();
  }
}
