import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { isPasswordValid } from '../../schemas/api/passwordRules';
import { verifyPassword } from '../identity/passwordHash';
import { createTestDatabase } from '../testing/createTestDatabase';
import { DEMO_PASSWORD, demoSignIns, loadIdentityFixtures } from './identityFixtures';
import { seedIdentity } from './seedIdentity';

const fast = { log2N: 10, r: 8, p: 1 };

describe('seedIdentity', () => {
  let database: AppDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrate(database.db);
  });
  afterAll(async () => {
    await database.close();
  });

  it('given an empty database, when two starters seed at once, then the demo data is written exactly once', async () => {
    const reports = await Promise.all([
      seedIdentity(database.db, fast),
      seedIdentity(database.db, fast),
    ]);
    expect(reports.filter((r) => r.seeded)).toHaveLength(1);
    const { users } = loadIdentityFixtures();
    const rows = await database.db.selectFrom('users').select(['id', 'password_hash']).execute();
    expect(rows).toHaveLength(users.length);
    expect(await verifyPassword(DEMO_PASSWORD, rows[0]?.password_hash ?? '')).toBe(true);
  });

  it('given a seeded database, when seeding again, then nothing changes', async () => {
    expect((await seedIdentity(database.db, fast)).seeded).toBe(false);
  });

  it('given the fixtures, when reading the team, then the supervisor leads the officers', async () => {
    const team = await database.db
      .selectFrom('users')
      .select('id')
      .where('tenant', '=', 'internal')
      .where('manager_id', '=', 'mgarcia')
      .orderBy('id')
      .execute();
    expect(team.map((u) => u.id)).toEqual(['aokafor', 'jmorales', 'lmartin', 'tbernard']);
  });

  it('given the fixtures, when listing demo sign-ins, then every kind of staff is there with a policy-compliant password', () => {
    const { tenants, users } = loadIdentityFixtures();
    for (const tenant of tenants) {
      expect(isPasswordValid(DEMO_PASSWORD, tenant.passwordPolicy), tenant.name).toBe(true);
    }
    const privileges = users.map((u) => u.privileges);
    expect(privileges.some((p) => p.includes('access-bo'))).toBe(true);
    expect(privileges.some((p) => p.includes('access-test'))).toBe(true);
    expect(privileges.some((p) => !p.includes('access-task'))).toBe(true);
    expect(users.some((u) => u.mustChangePassword)).toBe(true);
    expect(new Set(users.map((u) => u.tenant))).toEqual(new Set(['internal', 'acme']));
    expect(demoSignIns().every((s) => s.password === DEMO_PASSWORD)).toBe(true);
  });
});
