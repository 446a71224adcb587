import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { HashingLane } from './hashingQueue';

/**
 * Sign-in limits (ASVS 4.0.3 2.2.1), counted in the database so every server process sees the
 * same numbers. There is no account lock: anyone can type wrong passwords for anyone, so a
 * lock would let a stranger shut a colleague out. Nor is there an address lock: staff behind
 * one office address would shut each other out.
 *
 * - Per account and address: the first `freeFailures` failures within `windowSeconds` cost
 *   nothing; after that each attempt must wait `firstDelaySeconds` after the previous
 *   failure, doubling with every further failure, up to `maxDelaySeconds`.
 * - Per address, over every email of the tenant (unknown ones included): from
 *   `suspectFailures` failures within `addressWindowSeconds` the address's hashes wait behind
 *   those of clean sources; from `addressFailures` its account and address pairs lose their
 *   free failures, so each email it got wrong waits from its first failure. An email it has
 *   not failed on is never held back: that is a colleague behind the same address. Known and
 *   unknown emails count alike, so no limit says which accounts exist.
 * - A valid device cookie (identity/deviceCookie.ts) skips both: it proves this browser
 *   signed in to this account before. Only its own failures count, and after
 *   `deviceFailures` within `deviceWindowSeconds` it is treated like any other request.
 */
export const LOGIN_LIMITS = {
  windowSeconds: 3600,
  freeFailures: 5,
  firstDelaySeconds: 60,
  maxDelaySeconds: 900,
  addressWindowSeconds: 900,
  addressFailures: 30,
  suspectFailures: 10,
  deviceWindowSeconds: 24 * 3600,
  deviceFailures: 10,
} as const;

/** Failure rows older than this are pruned when new ones are written. */
const KEEP_SECONDS = 24 * 3600;

/** The `device` column is only read and written here, so it is typed here. */
const withDevice = (db: Kysely<DatabaseSchema>) =>
  db.withTables<{ login_failures: { device: string | null } }>();

/** Seconds an account and address must still wait after `failures` recent failures. */
export function delayAfterFailures(failures: number): number {
  if (failures < LOGIN_LIMITS.freeFailures) return 0;
  const doublings = failures - LOGIN_LIMITS.freeFailures;
  // Capped before the power, so a long history cannot overflow the number.
  const factor = 2 ** Math.min(doublings, 16);
  return Math.min(LOGIN_LIMITS.maxDelaySeconds, LOGIN_LIMITS.firstDelaySeconds * factor);
}

/**
 * Seconds an account and address must wait, given the pair's own recent failures and the
 * address's: over the address limit, the pair's free failures are gone.
 */
export function pairDelay(pairFailures: number, addressFailures: number): number {
  if (pairFailures === 0) return 0;
  const spraying = addressFailures >= LOGIN_LIMITS.addressFailures;
  // Spraying, the first failure already counts as the first one past the free ones.
  return delayAfterFailures(spraying ? pairFailures + LOGIN_LIMITS.freeFailures - 1 : pairFailures);
}

const tooMany = (seconds: number) =>
  new AppError(429, ErrorCode.tooManyAttempts, 'Too many sign-in attempts; wait a moment.', {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(seconds))) },
  });

/** Who is signing in: the account, the client address and the device cookie's id if valid. */
export interface LoginAttempt {
  tenant: string;
  email: string;
  ip: string;
  /** The id of a device cookie that verified for this tenant and email. */
  device?: string;
}

/**
 * Throws a 429 with `Retry-After` when this attempt must not be checked at all; otherwise
 * says which hashing lane it waits in.
 */
export async function assessLogin(
  db: Kysely<DatabaseSchema>,
  attempt: LoginAttempt,
): Promise<HashingLane> {
  const { tenant, email, ip, device } = attempt;
  if (device !== undefined) {
    const own = await withDevice(db)
      .selectFrom('login_failures')
      .select(sql<number>`count(*)::int`.as('failures'))
      .where('tenant', '=', tenant)
      .where('device', '=', device)
      .where(
        'at',
        '>',
        sql<Date>`now() - make_interval(secs => ${LOGIN_LIMITS.deviceWindowSeconds})`,
      )
      .executeTakeFirstOrThrow();
    if (own.failures < LOGIN_LIMITS.deviceFailures) return HashingLane.trusted;
  }

  // One pass over the address's recent rows (index on tenant, ip, at) gives both counts.
  const counts = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`(count(*) filter (where email = ${email}))::int`.as('pair'),
      sql<
        number | null
      >`extract(epoch from (now() - max(at) filter (where email = ${email})))::float8`.as(
        'since_last',
      ),
      // Attempts being checked count for their own email, not for the address's totals.
      sql<number>`(count(*) filter (where not pending and at > now() - make_interval(secs => ${LOGIN_LIMITS.addressWindowSeconds})))::int`.as(
        'address',
      ),
    ])
    .where('tenant', '=', tenant)
    .where('ip', '=', ip)
    .where(
      'at',
      '>',
      sql<Date>`now() - make_interval(secs => ${Math.max(LOGIN_LIMITS.windowSeconds, LOGIN_LIMITS.addressWindowSeconds)})`,
    )
    .executeTakeFirstOrThrow();
  const delay = pairDelay(counts.pair, counts.address);
  if (delay > 0 && counts.since_last !== null && counts.since_last < delay) {
    throw tooMany(delay - counts.since_last);
  }
  return counts.address >= LOGIN_LIMITS.suspectFailures ? HashingLane.suspect : HashingLane.normal;
}

/** Throws a 429 with `Retry-After` when this attempt must not be checked at all. */
export async function assertLoginAllowed(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip: string,
): Promise<void> {
  await assessLogin(db, { tenant, email, ip });
}

/** Fixed first key of the per-account-and-address lock (the second is their hash). */
const LOGIN_ATTEMPT_LOCK = 7_365_004;

/** A sign-in attempt let through: its hashing lane and its pending row. */
export interface ReservedAttempt {
  lane: HashingLane;
  attemptId: number;
}

/**
 * Decides whether an attempt may be checked and, if so, writes it down as pending before its
 * password is checked, both under a lock of its account and address. Attempts made at the
 * same moment, on any server process, are decided one after the other and each sees the
 * ones before it: past the free failures, the second of two simultaneous guesses waits like
 * one made after the first had failed. The caller settles the row with
 * {@link settleLoginFailure} or removes it with {@link withdrawLoginAttempt}.
 */
export async function reserveLoginAttempt(
  db: Kysely<DatabaseSchema>,
  attempt: LoginAttempt,
): Promise<ReservedAttempt> {
  const { tenant, email, ip, device } = attempt;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOGIN_ATTEMPT_LOCK}, hashtext(${`${tenant}/${email}/${ip}`}))`.execute(
      trx,
    );
    const lane = await assessLogin(trx, attempt);
    const row = await withDevice(trx)
      .insertInto('login_failures')
      .values({ tenant, email, ip, device: device ?? null, pending: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { lane, attemptId: row.id };
  });
}

/** The attempt failed: its pending row becomes a failure of now, and old rows are pruned. */
export async function settleLoginFailure(
  db: Kysely<DatabaseSchema>,
  attemptId: number,
  tenant: string,
  email: string,
  ip: string,
): Promise<void> {
  await db
    .updateTable('login_failures')
    .set({ pending: false, at: sql<Date>`now()` })
    .where('id', '=', attemptId)
    .execute();
  await pruneLoginFailures(db, tenant, email, ip);
}

/** The attempt succeeded or ended without an answer on the password: its row goes. */
export async function withdrawLoginAttempt(
  db: Kysely<DatabaseSchema>,
  attemptId: number,
): Promise<void> {
  await db.deleteFrom('login_failures').where('id', '=', attemptId).execute();
}

/** Removes an email's and an address's rows older than a day. */
async function pruneLoginFailures(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip: string,
): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('tenant', '=', tenant)
    .where((where) => where.or([where('email', '=', email), where('ip', '=', ip)]))
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${KEEP_SECONDS})`)
    .execute();
}

/**
 * Records one failed sign-in (or wrong current password), with the device cookie it showed,
 * and prunes that email's and that address's old rows (a flood of made-up emails would
 * otherwise leave rows nobody's pruning reaches).
 */
export async function recordLoginFailure(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
  ip: string,
  device?: string,
): Promise<void> {
  await withDevice(db)
    .insertInto('login_failures')
    .values({ tenant, email, ip, device: device ?? null })
    .execute();
  await pruneLoginFailures(db, tenant, email, ip);
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
  // Attempts still being checked are not failures yet: each settles or withdraws its own.
  let query = db
    .deleteFrom('login_failures')
    .where('tenant', '=', tenant)
    .where('email', '=', email)
    .where('pending', '=', false);
  if (ip !== undefined) query = query.where('ip', '=', ip);
  await query.execute();
}
