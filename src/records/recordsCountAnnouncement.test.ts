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

let server: FakeServer;
let stores: RootStore;
let store: RecordsStore;

beforeEach(() => {
  server = new FakeServer();
  server.on('GET', RecordsPath.definition('customers', 1), {
    status: 200,
    body: { result: customers },
  });
  // 40 customers, 3 of them named like "Rivera"; a page holds one row for the list to page.
  server.on('POST', RecordsPath.query('customers', 1), (request) => {
    const body = request.body as RecordQueryBody;
    const total = body.filterParams.length > 0 ? 3 : 40;
    const row = { id: `c${body.page}`, created: '', updated: '', data: {} };
    return {
      status: 200,
      body: {
        result: { content: [row], page: body.page, pageSize: body.pageSize, totalElements: total },
      },
    };
  });
  let navigator;
  ({ stores, navigator } = createTestStores('/objectdata/customers/1'));
  store = new RecordsStore({
    toasts: stores.toasts,
    announcer: stores.announcer,
    navigator,
    storage: { getItem: () => null, setItem: () => undefined },
    saveFile: () => undefined,
  });
});

afterEach(() => {
  stores.dispose();
  server.restore();
});

describe('RecordsStore: the count spoken after a search', () => {
  it('given the customers list, when it first opens, then nothing is announced', async () => {
    await store.open('customers', 1);

    expect(stores.announcer.current).toBeNull();
  });

  it('given the customers list, when a filter keeps 3 records, then the live region gets "3 records"', async () => {
    await store.open('customers', 1);
    store.setFilterValue('fullName', 'Rivera');

    await store.search();

    expect(stores.announcer.current).toMatchObject({
      key: 'records.count',
      values: { count: 3 },
    });
  });

  it('given a filtered list, when the filters are cleared, then the full count is announced', async () => {
    await store.open('customers', 1);
    store.setFilterValue('fullName', 'Rivera');
    await store.search();

    await store.clearFilters();

    expect(stores.announcer.current).toMatchObject({ values: { count: 40 } });
  });
});

describe('RecordsStore: the range spoken after paging', () => {
  it('given 40 customers, 10 a page, when the next page loads, then the live region gets its range', async () => {
    await store.open('customers', 1);
    await store.setPageSize(10);

    await store.goToPage(1);

    expect(stores.announcer.current).toMatchObject({
      key: 'records.range',
      values: { first: 11, last: 20, total: 40 },
    });
  });
});
