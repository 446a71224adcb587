import { Transaction, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema';

/**
 * Runs `work` in a transaction of its own, or, when `db` already is one, inside it: a write
 * made part of a larger change (its idempotency record, a seed) commits or rolls back with it.
 */
export function inTransaction<T>(
  db: Kysely<DatabaseSchema>,
  work: (trx: Transaction<DatabaseSchema>) => Promise<T>,
): Promise<T> {
  if (db instanceof Transaction) return work(db);
  return db.transaction().execute(work);
}
