import { sql, type Kysely } from 'kysely';
import type { Account } from '../../schemas/api/identity';
import type { UserRow } from '../db/identityTables';
import type { DatabaseSchema } from '../db/schema';

/** Emails are compared case-insensitively and without surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/** The user of a tenant with this email (any case), if there is one. */
export async function findUserByEmail(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  email: string,
): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('tenant', '=', tenant)
    .where(sql<string>`lower(email)`, '=', normalizeEmail(email))
    .executeTakeFirst();
}

/** The `Account` of a user (spec 000 section 3), with the ids of their groups; null if none. */
export async function findAccount(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  userId: string,
): Promise<Account | null> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'privileges'])
    .where('tenant', '=', tenant)
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const groups = await db
    .selectFrom('group_members')
    .select('group_id')
    .where('tenant', '=', tenant)
    .where('user_id', '=', userId)
    .orderBy('group_id')
    .execute();
  return {
    id: user.id,
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    fullName: `${user.first_name} ${user.last_name}`.trim(),
    groups: groups.map((g) => g.group_id),
    privileges: user.privileges,
    tenant,
  };
}

/** The `Account` of a user who must exist (the session's own user). */
export async function loadAccount(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  userId: string,
): Promise<Account> {
  const account = await findAccount(db, tenant, userId);
  if (!account) throw new Error(`User ${userId} of tenant ${tenant} does not exist.`);
  return account;
}
