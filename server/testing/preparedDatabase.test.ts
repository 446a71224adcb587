import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../db/database';
import { createTestDatabase } from './createTestDatabase';
import { preparedSource, seedTestDatabase, TEST_PASSWORD_HASHING } from './preparedDatabase';
import { startTestServer, type TestServer } from './startTestServer';
import { EMAIL, signIn } from '../workflow/testing/taskTestKit';

/** Every table of the schema with its number of rows, and the migrations applied. */
async function contents(database: AppDatabase): Promise<Record<string, number | string[]>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`.execute(database.db);
  const counts: Record<string, number | string[]> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{
      count: number;
    }>`select count(*)::int as count from ${sql.table(name)}`.execute(database.db);
    counts[name] = row.rows[0]?.count ?? 0;
  }
  const migrations = await sql<{ name: string }>`
    select name from schema_migrations order by name`.execute(database.db);
  counts.appliedMigrations = migrations.rows.map((row) => row.name);
  return counts;
}

describe('the prepared test database', () => {
  const source = preparedSource(process.env.DATABASE_URL);
  let prepared: AppDatabase | undefined;
  let seeded: AppDatabase | undefined;

  beforeAll(async () => {
    prepared = await createTestDatabase(source ? { from: source } : {});
    seeded = await createTestDatabase();
    await seedTestDatabase(seeded, TEST_PASSWORD_HASHING);
  }, 300_000);
  afterAll(async () => {
    await prepared?.close();
    await seeded?.close();
  });

  it('is made by the test run for the backend the tests use', () => {
    expect(source?.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
  });

  it('holds, table by table, what a database that migrates and seeds itself holds', async () => {
    if (!prepared || !seeded) throw new Error('the databases did not open');
    const expected = await contents(seeded);
    expect(Object.keys(expected).length).toBeGreaterThan(20);
    expect(expected.users).toBeGreaterThan(0);
    expect(expected.process_definitions).toBeGreaterThan(0);
    expect(await contents(prepared)).toEqual(expected);
  });

  describe('a test server started from it', () => {
    let server: TestServer | undefined;
    beforeAll(async () => {
      server = await startTestServer();
    }, 300_000);
    afterAll(async () => {
      await server?.close();
    });

    it('signs a demo user in and knows the demo processes of every tenant', async () => {
      if (!server) throw new Error('the server did not start');
      await signIn(server, EMAIL.lmartin);
      for (const tenant of ['internal', 'acme']) {
        const definitions = await server.app.engine.listDefinitions(tenant);
        expect(definitions.length, tenant).toBeGreaterThan(0);
      }
    });
  });
});
