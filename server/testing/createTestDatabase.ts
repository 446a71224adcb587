import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase, type AppDatabase, type DatabaseOptions } from '../db/database';
import { emptyClusterCopy } from './emptyClusterCopy';

/** Where a test database comes from. */
export interface TestDatabaseOptions {
  /**
   * PGlite folder, kept after `close()`; default a private copy of an empty cluster, removed
   * by `close()`. Ignored when `databaseUrl` is set.
   */
  dataDir?: string;
  /** A PostgreSQL server to create a throw-away database on; default `process.env.DATABASE_URL`. */
  databaseUrl?: string;
  /** The call deadlines (see `DatabaseOptions.deadlines`); none by default. */
  deadlines?: DatabaseOptions['deadlines'];
  /** The fault switch the test flips (see `DatabaseOptions.faults`). */
  faults?: DatabaseOptions['faults'];
}

/** A test's database, and where another process finds it. */
export interface TestDatabase extends AppDatabase {
  /** The throw-away PostgreSQL database's URL, for server processes a test starts; none on PGlite. */
  url: string | undefined;
}

/**
 * Opens a fresh, empty database for one test file: PGlite on a private copy of an empty
 * cluster (see `emptyClusterCopy`), or, when DATABASE_URL is set, a uniquely named database
 * on that PostgreSQL server that `close()` drops again. Unique names let test runs and parallel files share one server without seeing each other.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const serverUrl = options.databaseUrl ?? process.env.DATABASE_URL;
  const guards = {
    ...(options.deadlines ? { deadlines: options.deadlines } : {}),
    ...(options.faults ? { faults: options.faults } : {}),
  };
  if (!serverUrl) {
    if (options.dataDir) {
      return { ...(await createDatabase({ dataDir: options.dataDir, ...guards })), url: undefined };
    }
    const copy = await emptyClusterCopy();
    try {
      const database = await createDatabase({ dataDir: copy.dataDir, ...guards });
      return {
        ...database,
        url: undefined,
        async close() {
          try {
            await database.close();
          } finally {
            await copy.remove();
          }
        },
      };
    } catch (error) {
      await copy.remove();
      throw error;
    }
  }

  const name = `tessera_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const adminUrl = new URL(serverUrl);
  // The maintenance database always exists; the one named in the URL may not.
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const databaseUrl = new URL(serverUrl);
  databaseUrl.pathname = `/${name}`;
  const database = await createDatabase({
    databaseUrl: databaseUrl.toString(),
    poolSize: 4,
    ...guards,
  });
  return {
    ...database,
    url: databaseUrl.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl.toString() });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
