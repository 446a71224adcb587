import { sql } from 'kysely';
import type { AppDatabase } from './database';

/** How often the embedded database's statistics are gathered again. */
export const STATISTICS_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Gathers the planner's statistics of every table (`ANALYZE`). PostgreSQL's autovacuum does it
 * by itself as tables change; PGlite runs PostgreSQL as one single-user backend, where no
 * autovacuum runs, so without this its planner never learns a table's size or values and
 * may choose a plan that walks a whole table where an index finds one row.
 */
export async function gatherStatistics(database: AppDatabase): Promise<void> {
  // A large database may take longer than a call's statement deadline; nobody waits on it.
  await database.withoutStatementDeadline(() => sql`analyze`.execute(database.db));
}

/**
 * On PGlite, gathers the statistics now and then every {@link STATISTICS_INTERVAL_MS}
 * (ANALYZE reads a bounded sample of each table, so it costs the same at any size); on
 * PostgreSQL, where autovacuum does it, nothing. Answers the function that stops it.
 */
export async function keepPlannerStatistics(
  database: AppDatabase,
  onError: (error: unknown) => void,
): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  await gatherStatistics(database);
  const timer = setInterval(() => {
    gatherStatistics(database).catch(onError);
  }, STATISTICS_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
