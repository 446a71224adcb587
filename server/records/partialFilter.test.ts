import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectDefinition } from '../../schemas/api/records';
import type { AppDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { DEMO_OBJECT_DEFINITIONS, demoCustomers, insertRecords } from '../seed/demoRecords';
import { seedIdentity } from '../seed/seedIdentity';
import { createTestDatabase } from '../testing/createTestDatabase';
import { fieldTrigramIndexName, storeObjectDefinition } from './objectDefinitions';
import { queryRecordPage } from './recordQuery';

const customers = DEMO_OBJECT_DEFINITIONS.find((item) => item.key === 'customers') as
  ObjectDefinition | undefined;
if (!customers) throw new Error('The demo has no customers object.');

let database: AppDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  await migrate(db);
  await seedIdentity(db, { log2N: 10, r: 8, p: 1 });
  await storeObjectDefinition(db, 'internal', customers);
  await insertRecords(db, 'internal', customers, demoCustomers(600, 7));
  await sql`analyze object_records`.execute(db);
}, 120_000);

afterAll(async () => {
  await database.close();
});

describe('partial filters of the records list', () => {
  it('given a text field, when its definition is stored, then the field has a trigram index on its value as text', async () => {
    const rows = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where indexname = ${fieldTrigramIndexName('fullName')}`.execute(database.db);
    expect(rows.rows[0]?.indexdef).toMatch(
      /gin \(\(\(data ->> 'fullName'::text\)\) gin_trgm_ops\)/,
    );
  });

  it('given a number field, when its definition is stored, then it gets no trigram index', async () => {
    const rows = await sql<{ count: number }>`select count(*)::int as count from pg_indexes
      where indexname = ${fieldTrigramIndexName('riskScore')}`.execute(database.db);
    expect(rows.rows[0]?.count).toBe(0);
  });

  it('given the condition a contains filter writes, when planned without a table scan, then the trigram index serves it', async () => {
    const { db } = database;
    // The condition recordQuery writes for a partial row (the indexed expression, ILIKE)
    // alone: on a few hundred rows the object's own btree is cheaper, on 100,000 it is not.
    const plan = await db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        return await sql<{ 'QUERY PLAN': string }>`explain select count(*) from object_records
          where data ->> 'fullName' ilike ${'%mart%'}`.execute(connection);
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
      }
    });
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toContain(fieldTrigramIndexName('fullName'));
  });

  it('given a contains filter, when a page is asked for, then every row holds the text in any case and the count agrees', async () => {
    const page = await queryRecordPage(
      database.db,
      {
        tenant: 'internal',
        definition: customers,
        filters: [{ key: 'fullName', value: 'MART', comparisonType: 'partial' }],
        approach: 'exact',
      },
      { page: 0, pageSize: 50 },
      ['fullName'],
    );
    const names = page.content.map((row) => String(row.data.fullName));
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name.toLowerCase().includes('mart'))).toBe(true);
    const all = await database.db
      .selectFrom('object_records')
      .select('data')
      .where('tenant', '=', 'internal')
      .execute();
    const expected = all.filter((row) =>
      String(row.data.fullName).toLowerCase().includes('mart'),
    ).length;
    expect(page.totalElements).toBe(expected);
  });
});
