import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';

/**
 * How long a stream's session lives if nothing else happens: until its absolute end or its
 * idle end, whichever is first, judged by the database clock as every request's check is.
 * Null when it has ended (revoked at sign-out or by a password change, or expired). A stream
 * does not touch `last_seen_at`: an open tab alone keeps nobody signed in.
 */
export async function sessionRemainingMs(
  db: Kysely<DatabaseSchema>,
  session: { readonly tenant: string; readonly idHash: string },
  idleMinutes: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('sessions')
    .select(
      sql<number>`extract(epoch from (least(expires_at, last_seen_at + make_interval(mins => ${idleMinutes})) - now())) * 1000`.as(
        'remaining_ms',
      ),
    )
    .where('id_hash', '=', session.idHash)
    .where('tenant', '=', session.tenant)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return null;
  const remaining = Number(row.remaining_ms);
  return remaining > 0 ? remaining : null;
}
