import type { Kysely } from 'kysely';
import type { AppDatabase } from '../../db/database';
import { migrate } from '../../db/migrate';
import type { DatabaseSchema } from '../../db/schema';
import { createTestDatabase } from '../../testing/createTestDatabase';
import { creditCheck } from '../handlers/creditCheck';
import { ProcessEngine } from '../ProcessEngine';
import { ServiceHandlerRegistry } from '../ServiceHandlerRegistry';

/** A staff member to seed: id, tenant and the groups they belong to. */
export interface SeedUser {
  readonly id: string;
  readonly tenant: string;
  readonly groups?: readonly string[];
}

/** An engine over a fresh, migrated database, with its own handler registry and clock. */
export interface EngineTestContext {
  readonly database: AppDatabase;
  readonly db: Kysely<DatabaseSchema>;
  readonly engine: ProcessEngine;
  readonly handlers: ServiceHandlerRegistry;
  /** Moves the engine's clock. */
  setNow(date: Date): void;
  /** Adds tenants, users and group memberships (groups are created as needed). */
  seed(users: readonly SeedUser[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a fresh database (in-memory PGlite, or a throw-away PostgreSQL database when
 * DATABASE_URL is set), migrates it and builds an engine on it, for engine tests.
 */
export async function createEngineTestContext(
  start = new Date('2026-03-02T09:00:00.000Z'),
): Promise<EngineTestContext> {
  const database = await createTestDatabase();
  await migrate(database.db);
  const db = database.db;
  const handlers = new ServiceHandlerRegistry();
  handlers.register('creditCheck', creditCheck);
  let now = start;
  const engine = new ProcessEngine(db, { handlers, clock: () => now });
  return {
    database,
    db,
    engine,
    handlers,
    setNow(date) {
      now = date;
    },
    async seed(users) {
      const tenants = [...new Set(users.map((user) => user.tenant))];
      await db
        .insertInto('tenants')
        .values(
          tenants.map((name) => ({
            name,
            display_name: name,
            base_url: null,
            password_policy: '{}',
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      await db
        .insertInto('users')
        .values(
          users.map((user) => ({
            id: user.id,
            tenant: user.tenant,
            email: `${user.id}@example.com`,
            first_name: user.id,
            last_name: 'Test',
            password_hash: 'unused',
            manager_id: null,
            locale: null,
          })),
        )
        .execute();
      const memberships = users.flatMap((user) =>
        (user.groups ?? []).map((group) => ({
          tenant: user.tenant,
          group_id: group,
          user_id: user.id,
        })),
      );
      if (memberships.length === 0) return;
      const groups = [
        ...new Map(memberships.map((m) => [`${m.tenant}/${m.group_id}`, m])).values(),
      ];
      await db
        .insertInto('groups')
        .values(groups.map((m) => ({ tenant: m.tenant, id: m.group_id, name: m.group_id })))
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      await db.insertInto('group_members').values(memberships).execute();
    },
    close: () => database.close(),
  };
}
