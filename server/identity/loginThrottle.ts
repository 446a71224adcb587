import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';

/**
 * Sign-in limits. A burst of 5 failures in 60 s from one address for one email makes the
 * 6th attempt wait (429 TOO_MANY_ATTEMPTS); 20 failures in an hour for one email from any
 * addresses lock that account softly (429 ACCOUNT_LOCKED, even with the right password)
 * until the oldest of those failures leaves the hour. Counted in the database, so every
 * server process sees the same numbers.
 */
export const LOGIN_LIMITS = {
  burstWindowSeconds: 60,
  burstFailures: 5,
  lockWindowSeconds: 3600,
  lockFailures: 20,
} as const;

/** Failure rows older than this are pruned when new ones are written. */
const KEEP_SECONDS = 24 * 3600;

/**
 * Seconds until the `limit`-th most recent failure in the window leaves it, or undefined
 * when there are fewer than `limit` failures (the query skips the newest `limit - 1`).
 */
async function secondsUntilBelow(
  db: Kysely<DatabaseSchema>,
  filter: { tenant: string; email: string; ip?: string },
  windowSeconds: number,
  limit: number,
): Promise<number | undefined> {
  let query = db
    .selectFrom('login_failures')
    .select(
      sql<number>`greatest(1, ceil(extract(epoch from (at + make_interval(secs => ${windowSeconds}) - now()))))::int`.as(
        'retry_after',
      ),
    )
    .where('tenant', '=', filter.tenant)
    .where('email', '=', filter.email)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${windowSeconds})`);
  if (filter.ip !== undefined) query = query.where('ip', '=', filter.ip);
  const row = await query
    .orderBy('at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.retry_after;
}

/** Throws a 429 with `Retry-After` when this sign-in attempt must not be checked at all. */
export async function assertLoginAllowed(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip: string,
): Promise<void> {
  const locked = await secondsUntilBelow(
    db,
    { tenant, email },
    LOGIN_LIMITS.lockWindowSeconds,
    LOGIN_LIMITS.lockFailures,
  );
  if (locked !== undefined) {
    throw new AppError(429, ErrorCode.accountLocked, 'Too many failed sign-ins for this account.', {
      headers: { 'retry-after': String(locked) },
    });
  }
  const burst = await secondsUntilBelow(
    db,
    { tenant, email, ip },
    LOGIN_LIMITS.burstWindowSeconds,
    LOGIN_LIMITS.burstFailures,
  );
  if (burst !== undefined) {
    throw new AppError(
      429,
      ErrorCode.tooManyAttempts,
      'Too many sign-in attempts; wait a moment.',
      {
        headers: { 'retry-after': String(burst) },
      },
    );
  }
}

/** Records one failed sign-in and prunes that email's old rows. */
export async function recordLoginFailure(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip: string,
): Promise<void> {
  await db.insertInto('login_failures').values({ tenant, email, ip }).execute();
  await db
    .deleteFrom('login_failures')
    .where('tenant', '=', tenant)
    .where('email', '=', email)
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${KEEP_SECONDS})`)
    .execute();
}

/** Forgets an email's failures after a successful sign-in or a password reset. */
export async function clearLoginFailures(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('tenant', '=', tenant)
    .where('email', '=', email)
    .execute();
}
