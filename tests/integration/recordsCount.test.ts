import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  RecordsPath,
  type ObjectDefinition,
  type RecordQueryAnswer,
  type RecordQueryBody,
} from '../../schemas/api/records';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import { RECORD_COUNT_CAP } from '../../server/records/recordQuery';
import { DEMO_RECORD_COUNTS, insertRecords } from '../../server/seed/demoRecords';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { seedRecordsForTenants } from '../helpers/seedRecordsForTenants';
import { setUpTestServer } from '../helpers/setUpTestServer';

const CUSTOMERS = RecordsPath.query('customers', 1);
const PROBES = RecordsPath.query('countProbes', 1);

/** An object of one text field, whose values this file chooses to sit on the cap. */
const PROBE_DEFINITION: ObjectDefinition = {
  key: 'countProbes',
  version: 1,
  label: { en: 'Count probes', es: 'Sondas de recuento', fr: 'Sondes de comptage' },
  owner: 'back-office',
  colour: '#2d72d2',
  fields: [
    {
      key: 'word',
      label: { en: 'Word', es: 'Palabra', fr: 'Mot' },
      type: 'string',
      visibleInMobile: true,
      visibleInOthers: true,
    },
  ],
  externalAnalysisUrl: null,
  otherData: {},
};

function query(overrides: Partial<RecordQueryBody> = {}): RecordQueryBody {
  return {
    page: 0,
    pageSize: 10,
    filterParams: [],
    properties: [],
    requestType: 'ALL_PROPERTIES',
    filterApproach: 'exact',
    ...overrides,
  };
}

describe('the records list count', () => {
  const suite = setUpTestServer();
  let claire: IdentityClient;

  beforeAll(async () => {
    const { db } = suite.server.database;
    await seedRecordsForTenants(db);
    await storeObjectDefinition(db, 'internal', PROBE_DEFINITION);
    // Exactly the cap of "alpha", and one "alphabet" that a partial "alpha" also finds.
    const created = Date.UTC(2026, 0, 1);
    await insertRecords(db, 'internal', PROBE_DEFINITION, [
      ...Array.from({ length: RECORD_COUNT_CAP }, (_, index) => ({
        id: `PRB-${String(index).padStart(5, '0')}`,
        createdAt: new Date(created + index * 60_000),
        data: { word: 'alpha' },
      })),
      { id: 'PRB-last', createdAt: new Date(created - 60_000), data: { word: 'alphabet' } },
    ]);
    claire = await signIn(suite.server, EMAIL.cdubois);
  }, 300_000);

  const page = async (body: RecordQueryBody, url = CUSTOMERS) => {
    const response = await call(claire, 'POST', url, body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<RecordQueryAnswer>().result;
  };

  /** The customers whose field holds the value, counted in the database itself. */
  const customersWith = async (key: string, value: unknown) => {
    const { rows } = await sql<{ count: number }>`select count(*)::int as count
      from object_records where tenant = 'internal' and key = 'customers' and version = 1
        and data -> ${key} = ${JSON.stringify(value)}::jsonb`.execute(suite.server.database.db);
    return rows[0]?.count ?? 0;
  };

  it('given a filter matching fewer records than the cap, when listed, then the count is exact', async () => {
    const expected = await customersWith('nationality', 'PT');
    expect(expected).toBeGreaterThan(0);
    expect(expected).toBeLessThan(RECORD_COUNT_CAP);
    const result = await page(query({ filterParams: [{ key: 'nationality', value: 'PT' }] }));
    expect(result.totalElements).toBe(expected);
    expect(result.totalCapped).toBe(false);
  });

  it('given no filter, when listed, then the kept count is exact even above the cap', async () => {
    expect(DEMO_RECORD_COUNTS.customers).toBeGreaterThan(RECORD_COUNT_CAP);
    const result = await page(query());
    expect(result.totalElements).toBe(DEMO_RECORD_COUNTS.customers);
    expect(result.totalCapped).toBe(false);
  });

  it('given a filter matching more records than the cap, when listed, then the count stops at the cap and says so', async () => {
    const matching = await customersWith('politicallyExposed', false);
    expect(matching).toBeGreaterThan(RECORD_COUNT_CAP + 50);
    const filterParams = [{ key: 'politicallyExposed', value: 'false' }];
    const first = await page(query({ filterParams }));
    expect(first.totalElements).toBe(RECORD_COUNT_CAP);
    expect(first.totalCapped).toBe(true);
    expect(first.content).toHaveLength(10);

    // A page past the cap still has its rows, and the count reaches at least its end.
    const beyond = await page(query({ filterParams, page: RECORD_COUNT_CAP / 10 + 2 }));
    expect(beyond.content).toHaveLength(10);
    expect(beyond.content.every((row) => row.data.politicallyExposed === false)).toBe(true);
    expect(beyond.totalElements).toBe(RECORD_COUNT_CAP + 30);
    expect(beyond.totalCapped).toBe(true);

    // The last page counts to the end: the whole count, exact, with the remaining rows.
    const last = Math.floor((matching - 1) / 50);
    const end = await page(query({ filterParams, page: last, pageSize: 50 }));
    expect(end.totalElements).toBe(matching);
    expect(end.totalCapped).toBe(false);
    expect(end.content).toHaveLength(matching - last * 50);
  });

  it('given exactly the cap of matches, when listed, then the count is exact; one more and it is capped', async () => {
    const exact = await page(query({ filterParams: [{ key: 'word', value: 'alpha' }] }), PROBES);
    expect(exact.totalElements).toBe(RECORD_COUNT_CAP);
    expect(exact.totalCapped).toBe(false);

    const partial = await page(
      query({ filterParams: [{ key: 'word', value: 'alpha' }], filterApproach: 'partial' }),
      PROBES,
    );
    expect(partial.totalElements).toBe(RECORD_COUNT_CAP);
    expect(partial.totalCapped).toBe(true);

    // Its last page, oldest first from the default order, ends on the one "alphabet".
    const tail = await page(
      query({
        filterParams: [{ key: 'word', value: 'alpha' }],
        filterApproach: 'partial',
        page: RECORD_COUNT_CAP / 10,
      }),
      PROBES,
    );
    expect(tail.content.map((row) => row.id)).toEqual(['PRB-last']);
    expect(tail.totalElements).toBe(RECORD_COUNT_CAP + 1);
    expect(tail.totalCapped).toBe(false);
  });
});
