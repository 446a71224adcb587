import { randomBytes } from 'node:crypto';
import { createDatabase, type AppDatabase, type DatabaseOptions } from '../db/database';
import { clusterCopy, emptyClusterCopy } from './emptyClusterCopy';
import { dropDatabase, onMaintenanceDatabase } from './maintenanceDatabase';
import type { PreparedSource } from './preparedDatabase';

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
  /**
   * Start from a copy of this test run's prepared database (see `preparedSource`) instead
   * of an empty one; it must be on the backend this database is made on.
   */
  from?: PreparedSource;
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
    if (options.from && options.from.kind !== 'pglite') {
      throw new Error('A PGlite test database cannot start from a PostgreSQL template.');
    }
    const copy = await (options.from ? clusterCopy(options.from.dataDir) : emptyClusterCopy());
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

  if (options.from && options.from.kind !== 'postgres') {
    throw new Error('A PostgreSQL test database cannot start from a PGlite cluster.');
  }
  const name = `tessera_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = options.from ? ` template "${options.from.template}"` : '';
  await onMaintenanceDatabase(serverUrl, (admin) =>
    admin.query(`create database "${name}"${template}`),
  );
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
      await dropDatabase(serverUrl, name);
    },
  };
}
