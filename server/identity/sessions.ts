import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SessionKind } from '../db/identityTables';
import { executePrepared } from '../db/preparingClient';
import type { DatabaseSchema } from '../db/schema';
import { TASK_LIST_GENERATION } from '../db/taskListGeneration';

/** The signed-in person as every route sees it. */
export interface SessionUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  privileges: string[];
  managerId: string | null;
  locale: string | null;
}

/** A live session, resolved from the request's cookie. */
export interface RequestSession {
  /** SHA-256 of the cookie value: the row key, never the secret itself. */
  idHash: string;
  kind: SessionKind;
  tenant: string;
  user: SessionUser;
  /**
   * The task lists' generation (server/workflow/taskListCache.ts) as the request began,
   * read in the session's own statement so that a list call, which needs it before its
   * statement, makes no round trip of its own for it.
   */
  taskListGeneration: string;
}

/** How long sessions live. */
export interface SessionLifetimes {
  idleMinutes: number;
  absoluteHours: number;
}

/** A must-change-password session only lasts this long: enough to choose a new password. */
export const PASSWORD_CHANGE_SESSION_MINUTES = 30;

/**
 * `last_seen_at` is written at most this often, so a busy user costs one write a minute,
 * not one per request; idle expiry is therefore exact to within this margin.
 */
const TOUCH_INTERVAL_SECONDS = 60;

/** SHA-256 hex of a cookie value. */
export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

/** Opens a session and returns the cookie value (32 random bytes, base64url). */
export async function createSession(
  db: Kysely<DatabaseSchema>,
  input: { tenant: string; userId: string; kind: SessionKind; lifetimes: SessionLifetimes },
): Promise<{ token: string; idHash: string }> {
  const token = randomBytes(32).toString('base64url');
  const idHash = hashToken(token);
  const minutes =
    input.kind === 'password-change'
      ? Math.min(PASSWORD_CHANGE_SESSION_MINUTES, input.lifetimes.absoluteHours * 60)
      : input.lifetimes.absoluteHours * 60;
  await db
    .insertInto('sessions')
    .values({
      id_hash: idHash,
      tenant: input.tenant,
      user_id: input.userId,
      kind: input.kind,
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .execute();
  return { token, idHash };
}

/**
 * Finds the live session of a cookie value within one tenant: not revoked, before its
 * absolute end, and used within the idle window. Expiry is judged by the database clock, so
 * several server processes agree.
 */
export async function findSession(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  token: string,
  idleMinutes: number,
): Promise<RequestSession | null> {
  const idHash = hashToken(token);
  // Every API call runs this lookup: prepared, PostgreSQL plans it once per connection.
  const [row] = await executePrepared(
    db,
    db
      .selectFrom('sessions as s')
      .innerJoin('users as u', (join) =>
        join.onRef('u.id', '=', 's.user_id').onRef('u.tenant', '=', 's.tenant'),
      )
      .select([
        's.id_hash',
        's.kind',
        's.tenant',
        'u.id',
        'u.email',
        'u.first_name',
        'u.last_name',
        'u.privileges',
        'u.manager_id',
        'u.locale',
        sql<boolean>`s.last_seen_at < now() - make_interval(secs => ${TOUCH_INTERVAL_SECONDS})`.as(
          'stale',
        ),
        TASK_LIST_GENERATION.as('task_list_generation'),
      ])
      .where('s.id_hash', '=', idHash)
      .where('s.tenant', '=', tenant)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('s.last_seen_at', '>', sql<Date>`now() - make_interval(mins => ${idleMinutes})`),
  );
  if (!row) return null;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now()` })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return {
    idHash: row.id_hash,
    kind: row.kind,
    tenant: row.tenant,
    user: {
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      privileges: row.privileges,
      managerId: row.manager_id,
      locale: row.locale,
    },
    taskListGeneration: row.task_list_generation,
  };
}

/** Revokes one session by the hash of its cookie value (sign-out, re-login). */
export async function revokeSession(db: Kysely<DatabaseSchema>, idHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('id_hash', '=', idHash)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Revokes every session of a user (password change or reset). */
export async function revokeUserSessions(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  userId: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}
