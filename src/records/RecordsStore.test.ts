import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectDefinition, RecordQueryBody } from '../../schemas/api/records';
import { RecordsDownloadRefusal, RecordsPath } from '../../schemas/api/recordsConstants';
import type { RootStore } from '../RootStore';
import { createTestStores, type RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { PAGE_SIZE_STORAGE_KEY, RecordsStore } from './RecordsStore';

const customers: ObjectDefinition = {
  key: 'customers',
  version: 1,
  label: { en: 'Customers', es: 'Clientes' },
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
    {
      key: 'dateOfBirth',
      label: 'Born',
      type: 'date',
      visibleInMobile: false,
      visibleInOthers: true,
    },
  ],
  externalAnalysisUrl: null,
  otherData: { formId: 'DSG-customer-onboarding' },
};

const QUERY = RecordsPath.query('customers', 1);

let server: FakeServer;
let stores: RootStore;
let navigator: RecordingNavigator;
let memory: Map<string, string>;
let store: RecordsStore;
let saved: File[];

function answerPages(total: number) {
  server.on('POST', QUERY, (request) => {
    const body = request.body as RecordQueryBody;
    return {
      status: 200,
      body: {
        result: {
          content: Array.from({ length: Math.min(body.pageSize, total) }, (_, index) => ({
            id: `CUS-${body.page}-${index}`,
            created: '2026-01-01T00:00:00.000Z',
            updated: '2026-01-01T00:00:00.000Z',
            data: { fullName: `Name ${index}` },
          })),
          page: body.page,
          pageSize: body.pageSize,
          totalElements: total,
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
  ({ stores, navigator } = createTestStores('/objectdata/customers/1'));
  memory = new Map();
  saved = [];
  store = new RecordsStore({
    toasts: stores.toasts,
    navigator,
    storage: {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
    },
    saveFile: (file) => saved.push(file),
  });
});

afterEach(() => {
  stores.dispose();
  server.restore();
});

const lastQuery = () => server.calls('POST', QUERY).at(-1)?.body as RecordQueryBody;

describe('RecordsStore', () => {
  it('given an object, when opened, then it asks for its fields by name, exact search, 10 a page', async () => {
    answerPages(42);
    await store.open('customers', 1);
    expect(lastQuery()).toMatchObject({
      page: 0,
      pageSize: 10,
      filterParams: [],
      properties: ['fullName', 'dateOfBirth'],
      requestType: 'PROPERTIES',
      filterApproach: 'exact',
    });
    expect(store.rows).toHaveLength(10);
    expect(store.pageCount).toBe(5);
  });

  it('given typed filters, when searching, then only filled columns make rows and a date is sent normalised', async () => {
    answerPages(3);
    await store.open('customers', 1);
    store.setFilterValue('fullName', '  García ');
    store.setFilterValue('dateOfBirth', '31/12/1975');
    store.setSearchMode('partial');
    await store.search();
    expect(lastQuery().filterParams).toEqual([
      { key: 'fullName', value: 'García', comparisonType: 'partial' },
      { key: 'dateOfBirth', value: '1975-12-31', comparisonType: 'partial' },
    ]);
    expect(lastQuery().filterApproach).toBe('partial');
    expect(store.filterDraft.dateOfBirth).toBe('1975-12-31');
  });

  it('given a date no filter can read, when searching, then nothing is sent and the column says why, keeping the text', async () => {
    answerPages(3);
    await store.open('customers', 1);
    const sent = server.calls('POST', QUERY).length;
    store.setFilterValue('dateOfBirth', '31/02/1975');
    await store.search();
    expect(server.calls('POST', QUERY)).toHaveLength(sent);
    expect(store.filterErrors).toEqual({ dateOfBirth: 'records.badDate' });
    expect(store.filterDraft.dateOfBirth).toBe('31/02/1975');
  });

  it('given a refused filter, when the server names its row, then the error shows under that column', async () => {
    await store.open('customers', 1);
    server.on('POST', QUERY, {
      status: 400,
      body: {
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'refused',
        details: [{ path: 'filterParams/0/value', code: 'records.badNumber' }],
      },
    });
    store.setFilterValue('fullName', 'x');
    await store.search();
    expect(store.filterErrors).toEqual({ fullName: 'records.badNumber' });
  });

  it('given a sort and a page, when coming back to the same object, then they are kept; another object starts afresh', async () => {
    answerPages(42);
    await store.open('customers', 1);
    await store.toggleSort('fullName');
    expect(store.sort).toEqual({ param: 'fullName', direction: 'DESC' });
    await store.toggleSort('fullName');
    expect(store.sort).toEqual({ param: 'fullName', direction: 'ASC' });
    await store.goToPage(2);
    store.openRecord('CUS-2-0');
    expect(navigator.visits.at(-1)).toBe('/objectdata/customers/1/CUS-2-0');
    await store.open('customers', 1);
    expect(lastQuery()).toMatchObject({
      page: 2,
      sortParams: { param: 'fullName', direction: 'ASC' },
    });
    server.on('GET', RecordsPath.definition('loans', 1), {
      status: 200,
      body: { result: { ...customers, key: 'loans' } },
    });
    server.on('POST', RecordsPath.query('loans', 1), {
      status: 200,
      body: { result: { content: [], page: 0, pageSize: 10, totalElements: 0 } },
    });
    await store.open('loans', 1);
    expect(store.sort).toBeUndefined();
    expect(store.page).toBe(0);
    expect(store.searchMode).toBe('exact');
  });

  it('given a page size, when chosen, then it is remembered for the next visit', async () => {
    answerPages(42);
    await store.open('customers', 1);
    await store.setPageSize(25);
    expect(memory.get(PAGE_SIZE_STORAGE_KEY)).toBe('25');
    const next = new RecordsStore({
      toasts: stores.toasts,
      navigator,
      storage: { getItem: (key) => memory.get(key) ?? null, setItem: () => undefined },
      saveFile: () => undefined,
    });
    expect(next.pageSize).toBe(25);
  });

  it('given an object without a form, when a row is opened, then it stays and says why', async () => {
    server.on('GET', RecordsPath.definition('customers', 1), {
      status: 200,
      body: { result: { ...customers, otherData: {} } },
    });
    answerPages(3);
    await store.open('customers', 1);
    const visits = navigator.visits.length;
    store.openRecord('CUS-0-0');
    expect(navigator.visits).toHaveLength(visits);
    expect(stores.toasts.toasts.map((toast) => toast.key)).toContain('datastore.reportFormError');
  });

  it('given more than 50 fields, when listing, then the request switches to all properties', async () => {
    const many = Array.from({ length: 51 }, (_, index) => ({
      key: `f${index}`,
      label: `F${index}`,
      type: 'string' as const,
      visibleInMobile: true,
      visibleInOthers: true,
    }));
    server.on('GET', RecordsPath.definition('customers', 1), {
      status: 200,
      body: { result: { ...customers, fields: many } },
    });
    answerPages(1);
    await store.open('customers', 1);
    expect(lastQuery()).toMatchObject({ properties: [], requestType: 'ALL_PROPERTIES' });
  });

  it('given a failing download, when asked, then datastore.reportDownloadError shows', async () => {
    answerPages(3);
    await store.open('customers', 1);
    server.on('POST', RecordsPath.download('customers', 1), {
      status: 422,
      body: { statusCode: 422, code: 'VALIDATION_ERROR', message: 'too many' },
    });
    await store.download('en', 'Customers.xlsx');
    expect(saved).toHaveLength(0);
    expect(stores.toasts.toasts.map((toast) => toast.key)).toContain(
      'datastore.reportDownloadError',
    );
  });

  it.each([
    ['records.tooManyRows', 'records.tooManyRows'],
    [RecordsDownloadRefusal.tooSlow, 'records.downloadTooSlow'],
    [RecordsDownloadRefusal.tooLarge, 'records.downloadTooLarge'],
  ])(
    'given a download refused with %s, when asked, then its own message shows instead of the generic one',
    async (code, key) => {
      answerPages(3);
      await store.open('customers', 1);
      server.on('POST', RecordsPath.download('customers', 1), {
        status: 422,
        body: {
          statusCode: 422,
          code: 'VALIDATION_ERROR',
          message: 'refused',
          details: [{ path: 'filterParams', code, params: { rows: 100_000 } }],
        },
      });

      await store.download('en', 'Customers.xlsx');

      expect(saved).toHaveLength(0);
      expect(stores.toasts.toasts.map((toast) => toast.key)).toEqual([key]);
    },
  );

  it('given the download queue is full, when asked, then the busy message shows', async () => {
    answerPages(3);
    await store.open('customers', 1);
    server.on('POST', RecordsPath.download('customers', 1), {
      status: 429,
      body: { statusCode: 429, code: 'SERVER_TOO_BUSY', message: 'busy' },
      headers: { 'retry-after': '10' },
    });

    await store.download('en', 'Customers.xlsx');

    expect(stores.toasts.toasts.map((toast) => toast.key)).toEqual(['records.downloadTooBusy']);
  });
});

describe('RecordsStore restoring a list state carried back', () => {
  const carried = {
    key: 'customers',
    version: 1,
    filterDraft: { fullName: 'García' },
    filterParams: [{ key: 'fullName', value: 'García', comparisonType: 'partial' as const }],
    searchMode: 'partial' as const,
    sort: { param: 'dateOfBirth', direction: 'ASC' as const },
    page: 2,
  };

  it('given a fresh app (the instance page was reloaded), when the list opens with the carried state, then it asks for that page, filters and sort and shows the filters', async () => {
    answerPages(42);
    await store.open('customers', 1, carried);
    expect(lastQuery()).toMatchObject({
      page: 2,
      filterParams: carried.filterParams,
      sortParams: carried.sort,
      filterApproach: 'partial',
    });
    expect(store.filterDraft).toEqual({ fullName: 'García' });
    expect(store.filtersOpen).toBe(true);
  });

  it('given the list moved on since, when it opens with the carried state, then the carried state wins', async () => {
    answerPages(42);
    await store.open('customers', 1);
    store.setFilterValue('fullName', 'Other');
    await store.search();
    await store.open('customers', 1, carried);
    expect(lastQuery()).toMatchObject({ page: 2, filterParams: carried.filterParams });
    expect(store.sort).toEqual(carried.sort);
  });

  it('given a state carried for another object, when a list opens, then it is not applied', async () => {
    answerPages(42);
    await store.open('customers', 1, { ...carried, key: 'loans' });
    expect(lastQuery()).toMatchObject({ page: 0, filterParams: [], filterApproach: 'exact' });
    expect(store.filtersOpen).toBe(false);
  });
});
