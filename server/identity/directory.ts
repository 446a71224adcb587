import { sql, type Kysely } from 'kysely';
import type { GroupsAnswer, GroupSummary } from '../../schemas/api/directory';
import { Privilege } from '../../schemas/api/identity';
import type { UserSummary } from '../../schemas/api/users';
import { containsPattern } from '../db/containsPattern';
import { collated } from '../db/textCollation';
import type { Language } from '../engine/displayNames';
import type { DatabaseSchema } from '../db/schema';

/** Rows in the order of the ids that asked for them; ids that found nothing are left out. */
function inOrderOf<Row extends { id: string }>(
  ids: readonly string[],
  rows: readonly Row[],
): Row[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/**
 * A group's name in the reader's language (`display_names`, migration 0960), else its plain
 * name, for a query that reads `groups` as `alias`.
 */
export function groupNameIn(alias: string, language: Language | undefined) {
  return sql<string>`coalesce(${sql.ref(`${alias}.display_names`)} ->> ${language ?? 'en'}, ${sql.ref(`${alias}.name`)})`;
}

/** The groups of a tenant with their member counts, as one query to filter and page. */
function groupsOf(db: Kysely<DatabaseSchema>, tenant: string, language: Language | undefined) {
  return db
    .selectFrom('groups as g')
    .where('g.tenant', '=', tenant)
    .select('g.id')
    .select(groupNameIn('g', language).as('name'))
    .select((eb) =>
      eb
        .selectFrom('group_members as m')
        .whereRef('m.tenant', '=', 'g.tenant')
        .whereRef('m.group_id', '=', 'g.id')
        .select(eb.fn.countAll<number>().as('count'))
        .as('member_count'),
    );
}

/** A group row as a picker lists it. */
function groupSummary(row: {
  id: string;
  name: string;
  member_count: number | null;
}): GroupSummary {
  return { id: row.id, name: row.name, memberCount: Number(row.member_count ?? 0) };
}

/**
 * The functional groups of a tenant, by name (in the reader's language's order) then id, optionally filtered by a piece of the
 * name or id. Every group is listed, as a functional-group field may name any team.
 */
export async function queryGroups(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  options: { filter?: string; page?: number; size?: number },
  language?: Language,
): Promise<GroupsAnswer['result']> {
  const page = options.page ?? 0;
  const size = options.size ?? 50;
  let query = groupsOf(db, tenant, language);
  const filter = options.filter?.trim();
  if (filter) {
    const pattern = containsPattern(filter);
    query = query.where((eb) =>
      eb.or([
        eb('g.name', 'ilike', pattern),
        eb(groupNameIn('g', language), 'ilike', pattern),
        eb('g.id', 'ilike', pattern),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .orderBy(collated(groupNameIn('g', language), language))
      .orderBy('g.id')
      .limit(size)
      .offset(page * size)
      .execute(),
    query
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { content: rows.map(groupSummary), totalElements: Number(total.count), page, size };
}

/** The groups of a tenant that carry these ids, in the order asked. */
export async function groupsByIds(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  ids: readonly string[],
  language?: Language,
): Promise<GroupSummary[]> {
  const rows = await groupsOf(db, tenant, language).where('g.id', 'in', ids).execute();
  return inOrderOf(ids, rows.map(groupSummary));
}

/**
 * The people of a tenant that carry these ids, in the order asked: the same staff the users
 * list searches (access-task), so a lookup tells no more than a search would.
 */
export async function usersByIds(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  ids: readonly string[],
): Promise<UserSummary[]> {
  const rows = await db
    .selectFrom('users as u')
    .where('u.tenant', '=', tenant)
    .where(sql<boolean>`${Privilege.accessTask} = any(u.privileges)`)
    .where('u.id', 'in', ids)
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .execute();
  return inOrderOf(
    ids,
    rows.map((row) => ({
      id: row.id,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      fullName: `${row.first_name} ${row.last_name}`.trim(),
    })),
  );
}
