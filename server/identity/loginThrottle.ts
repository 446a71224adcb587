import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';

/**
 * Sign-in limits (ASVS 4.0.3 2.2.1), counted in the database so every server process sees the
 * same numbers. There is no account lock: anyone can type wrong passwords for anyone, so a
 * lock would let a stranger shut a colleague out.
 *
 * - Per account and address: the first `freeFailures` failures within `windowSeconds` cost
 *   nothing; after that each attempt must wait `firstDelaySeconds` after the previous
 *   failure, doubling with every further failure, up to `maxDelaySeconds`.
 * - Per address, over every email of the tenant (unknown ones included): `addressFailures`
 *   failures within `addressWindowSeconds` make that address wait until the oldest of them
 *   leaves the window. Known and unknown emails count alike, so the limit says nothing about
 *   which accounts exist.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 3600,
  freeFailures: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: 900,
  addressWindowSeconds: 900,
  addressFailures: 30,
} as const;

/** Failure rows older than this are pruned when new ones are written. */
const KEEP_SECONDS = 24 * 3600;

/** Seconds an account and address must still wait after `failures` recent failures. */
export function delayAfterFailures(failures: number): number {
  if (failures < LOGIN_LIMITS.freeFailures) return 0;
  const doublings = failures - LOGIN_LIMITS.freeFailures;
  // Capped before the power, so a long history cannot overflow the number.
  const factor = 2 ** Math.min(doublings, 16);
  return Math.min(LOGIN_LIMITS.maxDelaySeconds, LOGIN_LIMITS.firstDelaySeconds * factor);
}

const tooMany = (seconds: number) =>
  new AppError(429, ErrorCode.tooManyAttempts, 'Too many sign-in attempts; wait a moment.', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  });

/** Throws a 429 with `Retry-After` when this attempt must not be checked at all. */
export async function assertLoginAllowed(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip: string,
): Promise<void> {
  const account = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*)::int`.as('failures'),
      sql<number | null>`extract(epoch from (now() - max(at)))::float8`.as('since_last'),
    ])
    .where('tenant', '=', tenant)
    .where('email', '=', email)
    .where('ip', '=', ip)
    .where('at', '>', sql<Date>`now() - make_interval(secs => ${LOGIN_LIMITS.windowSeconds})`)
    .executeTakeFirstOrThrow();
  const delay = delayAfterFailures(account.failures);
  if (delay > 0 && account.since_last !== null && account.since_last < delay) {
    throw tooMany(delay - account.since_last);
  }

  // The oldest failure that still keeps the address at its limit: the query skips the newest.
  const address = await db
    .selectFrom('login_failures')
    .select(
      sql<number>`extract(epoch from (at + make_interval(secs => ${LOGIN_LIMITS.addressWindowSeconds}) - now()))::float8`.as(
        'wait',
      ),
    )
    .where('tenant', '=', tenant)
    .where('ip', '=', ip)
    .where(
      'at',
      '>',
      sql<Date>`now() - make_interval(secs => ${LOGIN_LIMITS.addressWindowSeconds})`,
    )
    .orderBy('at', 'desc')
    .offset(LOGIN_LIMITS.addressFailures - 1)
    .limit(1)
    .executeTakeFirst();
  if (address) throw tooMany(address.wait);
}

/** Records one failed sign-in (or wrong current password) and prunes that email's old rows. */
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

/**
 * Forgets failures of an email: from one address after a successful sign-in there (someone
 * else's guesses from elsewhere keep counting), from every address after a password reset.
 */
export async function clearLoginFailures(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip?: string,
): Promise<void> {
  let query = db
    .deleteFrom('login_failures')
    .where('tenant', '=', tenant)
    .where('email', '=', email);
  if (ip !== undefined) query = query.where('ip', '=', ip);
  await query.execute();
}
