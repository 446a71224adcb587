import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { hashToken } from './sessions';

/** At most this many reset mails per user per hour, so nobody can flood a mailbox. */
export const RESET_MAILS_PER_HOUR = 5;

/** A reset code that is valid right now. */
export interface ValidResetCode {
  codeHash: string;
  userId: string;
  email: string;
}

/** How many codes were issued to a user in the last hour. */
export async function recentResetCount(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  userId: string,
): Promise<number> {
  const row = await db
    .selectFrom('password_resets')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Issues a single-use code; only its SHA-256 is stored, the code itself goes in the mail. */
export async function issueResetCode(
  db: Kysely<DatabaseSchema>,
  input: { tenant: string; userId: string; minutes: number },
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .insertInto('password_resets')
    .values({
      code_hash: hashToken(code),
      tenant: input.tenant,
      user_id: input.userId,
      expires_at: sql<Date>`now() + make_interval(mins => ${input.minutes})`,
    })
    .execute();
  return code;
}

/**
 * The user a code was issued to; 400 `INVALID_OOB_CODE` for an unknown or used code (or one
 * of another tenant), 400 `EXPIRED_OOB_CODE` past its expiry.
 */
export async function checkResetCode(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  code: string,
): Promise<ValidResetCode> {
  const codeHash = hashToken(code);
  const row = await db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', (join) =>
      join.onRef('u.id', '=', 'r.user_id').onRef('u.tenant', '=', 'r.tenant'),
    )
    .select([
      'r.user_id',
      'r.used_at',
      'u.email',
      sql<boolean>`r.expires_at <= now()`.as('expired'),
    ])
    .where('r.code_hash', '=', codeHash)
    .where('r.tenant', '=', tenant)
    .executeTakeFirst();
  if (!row || row.used_at !== null) {
    throw new AppError(400, ErrorCode.invalidOobCode, 'This reset link is not valid.');
  }
  if (row.expired) {
    throw new AppError(400, ErrorCode.expiredOobCode, 'This reset link has expired.');
  }
  return { codeHash, userId: row.user_id, email: row.email };
}

/**
 * Marks the code used, atomically: of two concurrent resets with one code only one wins.
 * Every other open code of the user is spent too, so an older mail cannot undo the reset.
 */
export async function consumeResetCode(
  trx: Transaction<DatabaseSchema>,
  tenant: string,
  code: ValidResetCode,
): Promise<void> {
  const used = await trx
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('code_hash', '=', code.codeHash)
    .where('tenant', '=', tenant)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning('code_hash')
    .executeTakeFirst();
  if (!used) throw new AppError(400, ErrorCode.invalidOobCode, 'This reset link is not valid.');
  await trx
    .updateTable('password_resets')
    .set({ used_at: sql<Date>`now()` })
    .where('tenant', '=', tenant)
    .where('user_id', '=', code.userId)
    .where('used_at', 'is', null)
    .execute();
}
