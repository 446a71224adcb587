import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../server/db/schema';
import { hashPassword } from '../../server/identity/passwordHash';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';

/** The group every racer belongs to: a task offered to it can be claimed by all of them. */
export const RACERS_GROUP = 'racers';

/**
 * Adds users of the internal tenant who may work on tasks, each signing in with the demo
 * password as `<id>@tessera.example`, all members of `RACERS_GROUP`: the claimers of a race
 * for one task. Hashed cheaply, since only the race is measured.
 */
export async function seedRacers(
  db: Kysely<DatabaseSchema>,
  ids: readonly string[],
): Promise<void> {
  const hash = await hashPassword(DEMO_PASSWORD, { log2N: 11, r: 8, p: 1 });
  await db
    .insertInto('users')
    .values(
      ids.map((id) => ({
        id,
        tenant: 'internal',
        email: `${id}@tessera.example`,
        first_name: 'Racer',
        last_name: id,
        password_hash: hash,
        privileges: ['access-task'],
        manager_id: null,
        locale: null,
      })),
    )
    .execute();
  await db
    .insertInto('groups')
    .values({ tenant: 'internal', id: RACERS_GROUP, name: 'Racers' })
    .execute();
  await db
    .insertInto('group_members')
    .values(ids.map((id) => ({ tenant: 'internal', group_id: RACERS_GROUP, user_id: id })))
    .execute();
}
