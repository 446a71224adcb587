import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { USER_SETTINGS_MAX_BYTES, type UserSettings } from '../../schemas/api/users';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import type { TaskActor } from './taskActor';

/** One's own settings object; `{}` before the first change. */
export async function readUserSettings(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
): Promise<UserSettings> {
  const row = await db
    .selectFrom('user_settings')
    .select('settings')
    .where('tenant', '=', actor.tenant)
    .where('user_id', '=', actor.userId)
    .executeTakeFirst();
  return row?.settings ?? {};
}

/**
 * Merges a patch into one's own settings, one level deep: each key replaces the stored
 * one, a null removes it. The row is locked while merging, so two tabs saving different
 * keys at once both keep their key. A result above {@link USER_SETTINGS_MAX_BYTES} is
 * refused with 400 and nothing is stored.
 */
export async function patchUserSettings(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  patch: Readonly<Record<string, unknown>>,
): Promise<UserSettings> {
  return db.transaction().execute(async (trx) => {
    // 1. Make sure the row exists, then lock it.
    await trx
      .insertInto('user_settings')
      .values({ tenant: actor.tenant, user_id: actor.userId, settings: '{}' })
      .onConflict((conflict) => conflict.columns(['tenant', 'user_id']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('user_settings')
      .select('settings')
      .where('tenant', '=', actor.tenant)
      .where('user_id', '=', actor.userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    // 2. Merge one level deep; built with fromEntries so `__proto__` stays an ordinary key.
    const merged = Object.fromEntries(
      [...Object.entries(row.settings), ...Object.entries(patch)].filter(
        ([key]) => patch[key] !== null || !Object.hasOwn(patch, key),
      ),
    );
    const text = JSON.stringify(merged);
    if (Buffer.byteLength(text, 'utf8') > USER_SETTINGS_MAX_BYTES) {
      throw new AppError(400, ErrorCode.validation, 'The settings are too large.', {
        details: [{ path: 'body', code: 'maxBytes', params: { limit: USER_SETTINGS_MAX_BYTES } }],
      });
    }
    // 3. Store it.
    await trx
      .updateTable('user_settings')
      .set({ settings: text, updated_at: sql<Date>`now()` })
      .where('tenant', '=', actor.tenant)
      .where('user_id', '=', actor.userId)
      .execute();
    return merged;
  });
}
