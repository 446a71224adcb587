import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ObjectDefinition, RecordAnswer } from '../../schemas/api/records';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { RemoteLoadingStatus } from '../stores/statuses';
import { ToastStore } from '../stores/ToastStore';
import { FakeServer, type FakeAnswer } from '../testing/fakeServer';
import { RecordDetailStore } from './RecordDetailStore';

const RECORD_ID = 'CUS-000042';
const RECORD = RecordsPath.record('customers', 1, RECORD_ID);
const LIST = '/objectdata/customers/1';

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
  otherData: { formId: 'DSG-customer' },
};

const answer: RecordAnswer = {
  result: {
    record: {
      id: RECORD_ID,
      key: 'customers',
      version: 1,
      dataVersion: 3,
      created: '2026-03-04T10:20:30.000Z',
      updated: '2026-03-05T08:00:00.000Z',
      data: { fullName: 'Ana Ruiz' },
    },
    form: {
      formId: 'DSG-customer',
      kind: 'designer',
      parts: [
        {
          formId: 'DSG-customer',
          kind: 'designer',
          title: null,
          definition: {
            id: 'DSG-customer',
            name: 'Customer',
            fields: [{ id: 'fullName', type: 'input', label: 'Full name' }],
          },
        },
      ],
    },
  },
};

let server: FakeServer;
let toasts: ToastStore;
let visits: { to: string; replace: boolean }[];
let store: RecordDetailStore;

beforeEach(() => {
  server = new FakeServer();
  server.on('GET', RecordsPath.definition('customers', 1), {
    status: 200,
    body: { result: customers },
  });
  toasts = new ToastStore();
  visits = [];
  store = new RecordDetailStore({
    toasts,
    navigator: {
      navigate: (to, options) => void visits.push({ to, replace: options?.replace ?? false }),
      currentPath: () => `${LIST}/${RECORD_ID}`,
    },
  });
});

afterEach(() => {
  server.restore();
});

/** Loads the record with the record call answering `reply`. */
async function loadAnswering(reply: FakeAnswer | 'network-error') {
  server.on('GET', RECORD, reply);
  await store.load('customers', 1, RECORD_ID);
}

describe('spec 001 section 4 (line 92): the object report detail status', () => {
  it('given a record, when it is asked for, then the status leaves loaded as the request starts and is loaded once the record is there', async () => {
    server.on('GET', RECORD, { status: 200, body: answer });
    await store.load('customers', 1, RECORD_ID);
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(store.detail?.record.id).toBe(RECORD_ID);

    const again = store.load('customers', 1, RECORD_ID);

    expect(store.status).not.toBe(RemoteLoadingStatus.fullyLoaded);
    expect(store.status).toBe(RemoteLoadingStatus.loading);
    expect(store.detail).toBeNull();
    await again;
    expect(store.status).toBe(RemoteLoadingStatus.fullyLoaded);
    expect(store.detail?.record.dataVersion).toBe(3);
  });
});

describe('spec 001 section 8 (line 151): the record detail’s forbidden, not-found and other failures', () => {
  it('given a forbidden record, when it is loaded, then the page goes back to the list and no toast shows', async () => {
    await loadAnswering({
      status: 403,
      body: { statusCode: 403, code: 'FORBIDDEN', message: 'no' },
    });
    expect(visits).toEqual([{ to: LIST, replace: true }]);
    expect(toasts.toasts).toEqual([]);
    expect(store.status).toBe(RemoteLoadingStatus.loadingFailed);
  });

  it('given a record that does not exist, when it is loaded, then the page goes back to the list and the toast common.notFound shows', async () => {
    await loadAnswering({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: 'no' },
    });
    expect(visits).toEqual([{ to: LIST, replace: true }]);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['common.notFound']);
  });

  it('given a server failure, when the record is loaded, then common.serverErrorTryAgain shows and the page stays', async () => {
    await loadAnswering({
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'x' },
    });
    expect(visits).toEqual([]);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['common.serverErrorTryAgain']);
  });

  it('given a network failure, when the record is loaded, then common.serverErrorTryAgain shows too', async () => {
    await loadAnswering('network-error');
    expect(visits).toEqual([]);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['common.serverErrorTryAgain']);
  });

  it('given a lost session, when the record is loaded, then no toast shows and the page stays', async () => {
    await loadAnswering({
      status: 401,
      body: { statusCode: 401, code: 'UNAUTHORIZED', message: 'x' },
    });
    expect(visits).toEqual([]);
    expect(toasts.toasts).toEqual([]);
  });
});
