import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, type ScryptParams } from '../identity/passwordHash';
import { seedDemoDictionaries } from './demoDictionaries';
import { seedDemoWebhookTargets } from './demoWebhookTargets';
import { DEMO_PASSWORD, loadIdentityFixtures } from './identityFixtures';

/** Key of the advisory lock that makes seeding happen once across processes. */
const SEED_LOCK_KEY = 7_365_002;

/** What a seed run did. */
export interface SeedReport {
  /** False when tenants already existed, so nothing was touched. */
  seeded: boolean;
  tenants: number;
  users: number;
}

/**
 * Seeds the demo tenants, groups and users from `fixtures/identity/` into an empty database
 * (no tenants yet). A database that has any tenant is left alone, so restarts never undo
 * changes such as a changed password. All rows are written in one transaction.
 */
export async function seedIdentity(
  db: Kysely<DatabaseSchema>,
  passwordHashing: ScryptParams = DEFAULT_SCRYPT_PARAMS,
): Promise<SeedReport> {
  const existing = await db.selectFrom('tenants').select('name').limit(1).execute();
  if (existing.length > 0) return { seeded: false, tenants: 0, users: 0 };

  const { tenants, users } = loadIdentityFixtures();
  // A salt per user, so equal demo passwords still give different hashes.
  const hashes = await Promise.all(users.map(() => hashPassword(DEMO_PASSWORD, passwordHashing)));

  const seeded = await db.transaction().execute(async (trx) => {
    // Several processes may start at once on one PostgreSQL: the first one seeds, the
    // others wait here and then find tenants.
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const raced = await trx.selectFrom('tenants').select('name').limit(1).execute();
    if (raced.length > 0) return false;
    for (const tenant of tenants) {
      await trx
        .insertInto('tenants')
        .values({
          name: tenant.name,
          display_name: tenant.displayName,
          base_url: tenant.baseUrl,
          autofill: tenant.autofill ?? false,
          password_policy: JSON.stringify(tenant.passwordPolicy),
        })
        .execute();
      if (tenant.groups.length > 0) {
        await trx
          .insertInto('groups')
          .values(
            tenant.groups.map((group) => ({
              tenant: tenant.name,
              id: group.id,
              name: group.name,
              display_names: group.names ? JSON.stringify(group.names) : null,
            })),
          )
          .execute();
      }
    }
    // Managers are set afterwards, so the file order of users does not matter.
    await trx
      .insertInto('users')
      .values(
        users.map((user, index) => ({
          id: user.id,
          tenant: user.tenant,
          email: user.email,
          first_name: user.firstName,
          last_name: user.lastName,
          password_hash: hashes[index] ?? '',
          must_change_password: user.mustChangePassword,
          privileges: user.privileges,
          manager_id: null,
          locale: user.locale,
        })),
      )
      .execute();
    for (const user of users) {
      if (user.managerId) {
        await trx
          .updateTable('users')
          .set({ manager_id: user.managerId })
          .where('tenant', '=', user.tenant)
          .where('id', '=', user.id)
          .execute();
      }
    }
    const memberships = users.flatMap((user) =>
      user.groups.map((groupId) => ({ tenant: user.tenant, group_id: groupId, user_id: user.id })),
    );
    if (memberships.length > 0) await trx.insertInto('group_members').values(memberships).execute();
    await seedDemoWebhookTargets(
      trx,
      tenants.map((tenant) => tenant.name),
    );
    await seedDemoDictionaries(
      trx,
      tenants.map((tenant) => tenant.name),
    );
    return true;
  });
  return seeded
    ? { seeded: true, tenants: tenants.length, users: users.length }
    : { seeded: false, tenants: 0, users: 0 };
}
