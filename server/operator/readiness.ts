import { readdir } from 'node:fs/promises';
import { sql } from 'kysely';
import type { AppDatabase } from '../db/database';
import { MIGRATIONS_DIR } from '../db/migrate';
import { withDeadline } from '../../src/core/async/withDeadline';

/** Why the server is not ready; null when it is. */
export type NotReadyReason = 'draining' | 'database' | 'migrations' | null;

/** How long the database may take to answer a readiness check before it counts as down. */
export const READINESS_TIMEOUT_MS = 2_000;

/** PostgreSQL's SQLSTATE for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;

/**
 * Answers whether the database is reachable (`select 1` under {@link READINESS_TIMEOUT_MS})
 * and every migration this build ships has been applied. Migrations are compared until they
 * are all there once (they are never taken back), then only the `select 1` runs. Checks
 * asked while one runs share it, so a database that hangs collects one waiting query, not
 * one per probe.
 */
export function readinessCheck(
  database: AppDatabase,
  migrationsDir: string = MIGRATIONS_DIR,
): () => Promise<'database' | 'migrations' | null> {
  let migrated = false;
  let files: string[] | undefined;
  let running: Promise<'database' | 'migrations' | null> | undefined;

  async function check(): Promise<'database' | 'migrations' | null> {
    if (migrated) {
      await sql`select 1`.execute(database.db);
      return null;
    }
    files ??= (await readdir(migrationsDir)).filter((name) => MIGRATION_FILE.test(name));
    const result = await sql<{ applied: number }>`
      select count(*)::int as applied from schema_migrations where name = any(${files})`.execute(
      database.db,
    );
    migrated = (result.rows[0]?.applied ?? 0) === files.length;
    return migrated ? null : 'migrations';
  }

  return () => {
    running ??= withDeadline(
      check(),
      READINESS_TIMEOUT_MS,
      () => new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`),
    )
      // No schema_migrations table yet is a database not migrated; any other failure or no
      // answer in time is a database that cannot be reached.
      .catch((error: unknown) =>
        (error as { code?: unknown }).code === UNDEFINED_TABLE ? 'migrations' : 'database',
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
}
