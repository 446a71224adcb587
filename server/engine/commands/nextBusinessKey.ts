import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';

/** What a process-level `businessKeyPrefix` property may be: two to six capitals. */
export const BUSINESS_KEY_PREFIX = /^[A-Z]{2,6}$/;

/** Digits of a key's running number (`LN-2026-000123`); more cases than that widen it. */
const NUMBER_DIGITS = 6;

/**
 * The next business key of a tenant for a prefix in the year of `at` (UTC):
 * `<prefix>-<year>-<number>`, numbered from 1 each year. Runs inside the caller's
 * transaction, so a start that rolls back gives its number back.
 */
export async function nextBusinessKey(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  prefix: string,
  at: Date,
): Promise<string> {
  const year = at.getUTCFullYear();
  const row = await db
    .insertInto('business_key_counters')
    .values({ tenant, prefix, year, last_value: 1 })
    .onConflict((conflict) =>
      conflict.columns(['tenant', 'prefix', 'year']).doUpdateSet((eb) => ({
        last_value: eb('business_key_counters.last_value', '+', 1),
      })),
    )
    .returning('last_value')
    .executeTakeFirstOrThrow();
  return `${prefix}-${year}-${String(row.last_value).padStart(NUMBER_DIGITS, '0')}`;
}
