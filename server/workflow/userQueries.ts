import { sql, type Kysely } from 'kysely';
import { Privilege } from '../../schemas/api/identity';
import type { UsersAnswer } from '../../schemas/api/users';
import { containsPattern } from '../db/containsPattern';
import type { DatabaseSchema } from '../db/schema';
import { collated } from '../db/textCollation';
import type { TaskActor } from './taskActor';

/**
 * The general user list: staff of the actor's tenant with access-task (the people tasks can
 * go to), by first then last name, optionally filtered by a piece of the name or email.
 */
export async function queryUsers(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  options: { filter?: string; page?: number; size?: number },
): Promise<UsersAnswer['result']> {
  const page = options.page ?? 0;
  const size = options.size ?? 50;
  let query = db
    .selectFrom('users as u')
    .where('u.tenant', '=', actor.tenant)
    .where(sql<boolean>`${Privilege.accessTask} = any(u.privileges)`);
  const filter = options.filter?.trim();
  if (filter) {
    const pattern = containsPattern(filter);
    query = query.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
      // Names sort as words (Élodie beside Elodie), not in byte order.
      .orderBy(collated(sql.ref('u.first_name'), undefined))
      .orderBy(collated(sql.ref('u.last_name'), undefined))
      .orderBy('u.id')
      .limit(size)
      .offset(page * size)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    content: rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: `${row.first_name} ${row.last_name}`.trim(),
    })),
    totalElements: total.count,
    page,
    size,
  };
}
