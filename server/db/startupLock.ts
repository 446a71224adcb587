import { sql } from 'kysely';
import type { AppDatabase } from './database';

/**
 * Fixed key of the advisory lock that a starting server holds while it migrates and seeds
 * (beside the migration and seed locks, 7_365_001 and 7_365_002).
 */
const STARTUP_LOCK_KEY = 7_365_003;

/**
 * Runs a server's start-up work (migrations, seeds) while no other server process on the
 * same PostgreSQL runs its own: the lock is held on one connection of the pool for the whole
 * of `work`, which uses the others. The first starter migrates and seeds; the next ones wait
 * and then find everything done. Some seeds check and insert without a lock of their own
 * (document templates, records), so only this makes them happen once.
 *
 * On PGlite nothing is locked: its pool is one connection that `work` needs, and its folder
 * lock already keeps every other process out.
 */
export async function whileStartingAlone<T>(
  database: AppDatabase,
  work: () => Promise<T>,
): Promise<T> {
  if (database.kind === 'pglite') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(connection);
    }
  });
}
