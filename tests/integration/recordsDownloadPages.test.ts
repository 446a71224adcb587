import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ObjectDefinition } from '../../schemas/api/records';
import { ComparisonType, SortDirection } from '../../schemas/api/recordsConstants';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import {
  queryRecordPage,
  querySelectionRows,
  type RecordSelection,
} from '../../server/records/recordQuery';
import { setUpTestServer } from '../helpers/setUpTestServer';

/** An object of one number and one text field, whose rows this file lays out. */
const PAGED_DEFINITION: ObjectDefinition = {
  key: 'pagedRows',
  version: 1,
  label: { en: 'Paged rows', es: 'Filas paginadas', fr: 'Lignes paginées' },
  owner: 'back-office',
  colour: '#2d72d2',
  fields: [
    {
      key: 'score',
      label: { en: 'Score', es: 'Puntuación', fr: 'Score' },
      type: 'integer',
      visibleInMobile: true,
      visibleInOthers: true,
    },
    {
      key: 'city',
      label: { en: 'City', es: 'Ciudad', fr: 'Ville' },
      type: 'string',
      visibleInMobile: true,
      visibleInOthers: true,
    },
  ],
  externalAnalysisUrl: null,
  otherData: {},
};

/** Rows per page, small so that ties, missing values and page ends all meet. */
const SMALL_PAGE = 3;

function selection(overrides: Partial<RecordSelection> = {}): RecordSelection {
  return {
    tenant: 'internal',
    definition: PAGED_DEFINITION,
    filters: [],
    approach: ComparisonType.exact,
    ...overrides,
  };
}

describe('the records download read in pages', () => {
  const suite = setUpTestServer();

  beforeAll(async () => {
    const { db } = suite.server.database;
    await storeObjectDefinition(db, 'internal', PAGED_DEFINITION);
    // Given 40 rows: scores repeat (ties broken by id), every fifth row has no score, and
    // half the rows share one creation time, with one row whose time has microseconds.
    await sql`
      insert into object_records (tenant, id, key, version, data, created_at)
      select 'internal', 'PAGED-' || lpad(n::text, 3, '0'), 'pagedRows', 1,
        case when n % 5 = 0 then jsonb_build_object('city', 'Lyon')
          else jsonb_build_object('score', n % 7, 'city', case when n % 2 = 0 then 'Lyon' else 'Oslo' end)
        end,
        case when n % 2 = 0 then timestamptz '2026-01-01 10:00:00.123456+00'
          else timestamptz '2026-01-01 10:00:00+00' + n * interval '1 microsecond' end
      from generate_series(1, 40) as n
    `.execute(db);
  });

  const cases: [string, Partial<RecordSelection>][] = [
    ['no sort (newest first)', {}],
    ['a sort going up', { sort: { param: 'score', direction: SortDirection.asc } }],
    ['a sort going down', { sort: { param: 'score', direction: SortDirection.desc } }],
    [
      'a filter and a sort',
      {
        filters: [{ key: 'city', value: 'Lyon' }],
        sort: { param: 'score', direction: SortDirection.desc },
      },
    ],
  ];

  it.each(cases)(
    'given %s, when read in pages, then the rows are the ones and the order of one read',
    async (_name, overrides) => {
      const { db } = suite.server.database;
      const chosen = selection(overrides);
      const whole = await queryRecordPage(db, chosen, { page: 0, pageSize: 1000 }, [
        'score',
        'city',
      ]);

      const paged = await querySelectionRows(db, chosen, SMALL_PAGE);

      expect(whole.content.length).toBeGreaterThan(SMALL_PAGE * 2);
      expect(paged.map((row) => row.id)).toEqual(whole.content.map((row) => row.id));
      expect(paged).toEqual(whole.content);
    },
  );
});
