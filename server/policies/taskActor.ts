import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { RequestActor } from '../fastify/session';

/** Who is asking, within which tenant: every task query, action and policy starts from this. */
export type TaskActor = RequestActor;

/**
 * The user's team (spec 000 section 1): their subordinates (`users.manager_id`) and the
 * members of the groups they belong to, without themselves. Sorted, so queries built from
 * it are stable.
 */
export async function loadTeam(db: Kysely<DatabaseSchema>, actor: TaskActor): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id as userId')
    .where('tenant', '=', actor.tenant)
    .where('manager_id', '=', actor.userId)
    .union(
      db
        .selectFrom('group_members as mine')
        .innerJoin('group_members as mate', (join) =>
          join
            .onRef('mate.tenant', '=', 'mine.tenant')
            .onRef('mate.group_id', '=', 'mine.group_id'),
        )
        .select('mate.user_id as userId')
        .where('mine.tenant', '=', actor.tenant)
        .where('mine.user_id', '=', actor.userId)
        .where('mate.user_id', '<>', actor.userId),
    )
    .execute();
  return rows.map((row) => row.userId).sort();
}

/** The user's subordinates: the people whose tasks they may reassign. */
export async function loadSubordinates(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where('tenant', '=', actor.tenant)
    .where('manager_id', '=', actor.userId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}
