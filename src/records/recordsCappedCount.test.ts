import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectDefinition, RecordQueryBody } from '../../schemas/api/records';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import type { RootStore } from '../RootStore';
import { createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { RecordsStore } from './RecordsStore';

const customers: ObjectDefinition = {
  key: 'customers',
  version: 1,
  label: 'Customers',
  owner: 'back-office',
  colour: '#2d72d2',
  fields: [
    {
      key: 'fullName',
      label: 'Full name',
      type: 'string',
      visibleInMobile: true,
      visibleInOthers: true,
    },
  ],
  externalAnalysisUrl: null,
  otherData: {},
};

const QUERY = RecordsPath.query('customers', 1);

let server: FakeServer;
let stores: RootStore;
let store: RecordsStore;

/** A server whose count stops at 1,000, or at the end of the page asked for, as the real one. */
function answerCapped(matching: number) {
  server.on('POST', QUERY, (request) => {
    const body = request.body as RecordQueryBody;
    const limit = Math.max(1000, (body.page + 1) * body.pageSize);
    const rows = Math.max(0, Math.min(body.pageSize, matching - body.page * body.pageSize));
    return {
      status: 200,
      body: {
        result: {
          content: Array.from({ length: rows }, (_, index) => ({
            id: `CUS-${body.page}-${index}`,
            created: '2026-01-01T00:00:00.000Z',
            updated: '2026-01-01T00:00:00.000Z',
            data: { fullName: `Name ${index}` },
          })),
          page: body.page,
          pageSize: body.pageSize,
          totalElements: Math.min(matching, limit),
          totalCapped: matching > limit,
        },
      },
    };
  });
}

beforeEach(() => {
  server = new FakeServer();
  server.on('GET', RecordsPath.definition('customers', 1), {
    status: 200,
    body: { result: customers },
  });
  let navigator;
  ({ stores, navigator } = createTestStores('/objectdata/customers/1'));
  store = new RecordsStore({
    toasts: stores.toasts,
    navigator,
    storage: { getItem: () => null, setItem: () => undefined },
    saveFile: () => undefined,
  });
});

afterEach(() => {
  stores.dispose();
  server.restore();
});

describe('RecordsStore with a capped count', () => {
  it('given more matches than the count reads, when paging, then Next stays open past the counted pages', async () => {
    answerCapped(1012);
    await store.open('customers', 1);
    expect(store.totalCapped).toBe(true);
    expect(store.totalElements).toBe(1000);
    expect(store.pageCount).toBe(100);
    expect(store.hasNextPage).toBe(true);

    await store.goToPage(99);
    expect(store.rows).toHaveLength(10);
    expect(store.hasNextPage).toBe(true);
    await store.goToPage(100);
    expect(store.rows).toHaveLength(10);
    expect(store.page).toBe(100);

    // The last page counts to the end: exact again, and Next closes.
    expect(store.totalElements).toBe(1010);
    expect(store.totalCapped).toBe(true);
    // No further than one page past the counted ones.
    await store.goToPage(150);
    expect(store.page).toBe(101);
    expect(store.totalCapped).toBe(false);
    expect(store.totalElements).toBe(1012);
    expect(store.rows).toHaveLength(2);
    expect(store.hasNextPage).toBe(false);
  });

  it('given an exact count, when on its last page, then there is no next page', async () => {
    answerCapped(25);
    await store.open('customers', 1);
    expect(store.totalCapped).toBe(false);
    expect(store.hasNextPage).toBe(true);
    await store.goToPage(2);
    expect(store.hasNextPage).toBe(false);
  });
});
