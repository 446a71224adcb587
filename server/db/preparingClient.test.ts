import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/createTestDatabase';
import type { AppDatabase } from './database';
import { executePrepared, PREPARED_STATEMENTS_KEPT } from './preparingClient';

const SHAPES = 20_000;

/** Bytes the connection's memory contexts hold (PGlite: the one backend of the database). */
async function backendBytes(database: AppDatabase): Promise<number> {
  const { rows } = await sql<{ bytes: string }>`
    select sum(total_bytes)::text as bytes from pg_backend_memory_contexts`.execute(database.db);
  return Number(rows[0]?.bytes ?? 0);
}

async function preparedCount(database: AppDatabase): Promise<number> {
  const { rows } = await sql<{ count: number }>`
    select count(*) as count from pg_prepared_statements`.execute(database.db);
  return rows[0]?.count ?? 0;
}

describe('prepared statements of a connection', () => {
  let database: AppDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await database.close();
  });

  it(`given ${SHAPES} distinct statement shapes, when each runs prepared, then the connection keeps at most ${PREPARED_STATEMENTS_KEPT} and its memory stays bounded`, async () => {
    const before = await backendBytes(database);
    let peak = 0;
    for (let shape = 0; shape < SHAPES; shape += 1) {
      // Each shape is a statement text of its own, as a caller-chosen sort list makes one.
      const query = database.db.selectNoFrom([
        sql<number>`${sql.lit(shape)}::int`.as('shape'),
        sql<string>`repeat('x', ${sql.lit(shape % 97)})`.as('padding'),
      ]);
      const [row] = await executePrepared(database.db, query);
      expect(row?.shape).toBe(shape);
      if (shape % 2_000 === 1_999) peak = Math.max(peak, await preparedCount(database));
    }
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    expect(await preparedCount(database)).toBeLessThanOrEqual(PREPARED_STATEMENTS_KEPT);
    if (!process.env.DATABASE_URL) {
      // One pooled connection: the memory read is the backend that prepared everything.
      // Without the bound, 20,000 cached plans hold hundreds of MiB here.
      const grown = (await backendBytes(database)) - before;
      expect(grown).toBeLessThan(32 * 1024 * 1024);
    }
  }, 600_000);
});
