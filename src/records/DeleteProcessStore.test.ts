import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataStoreProcessItem } from '../../schemas/api/dataStoreProcesses';
import { DataStoreProcessPath } from '../../schemas/api/dataStoreProcessesConstants';
import { ProcessPath } from '../../schemas/api/processesConstants';
import { RemoteLoadingStatus } from '../stores/statuses';
import { FakeServer } from '../testing/fakeServer';
import { DeleteProcessStore, StartProcessInstanceStatus } from './DeleteProcessStore';

const DELETION: DataStoreProcessItem = {
  appDefinition: { processDefinitionId: 'def-7', name: 'Customer record deletion' },
  dataStoreLink: { label: { en: 'Delete customer', es: 'Eliminar cliente' } },
};
const SUBJECT = { key: 'customers', version: 1, recordId: 'CUS-000042' };

let server: FakeServer;
let errors: string[];
let opened: string[];
let store: DeleteProcessStore;

beforeEach(() => {
  server = new FakeServer();
  errors = [];
  opened = [];
  store = new DeleteProcessStore({
    toasts: {
      showError: (key: string) => {
        errors.push(key);
        return errors.length;
      },
    },
  });
});

afterEach(() => {
  server.restore();
});

const open = (id: string) => void opened.push(id);

describe('DeleteProcessStore', () => {
  it('given an object, when loaded, then it asks for its DELETE processes and holds them', async () => {
    server.on('GET', DataStoreProcessPath.list, { status: 200, body: { result: [DELETION] } });

    await store.load('customers', 1);

    expect(server.calls('GET', DataStoreProcessPath.list)[0]?.params).toEqual({
      key: 'customers',
      version: 1,
      type: 'DELETE',
    });
    expect(store.items).toEqual([DELETION]);
    expect(store.remoteLoadingStatus).toBe(RemoteLoadingStatus.fullyLoaded);
  });

  it('given the list fails, when loaded, then it is loadingFailed and says process.failedtoLoadDeleteProcesses', async () => {
    server.on('GET', DataStoreProcessPath.list, { status: 500, body: {} });

    await store.load('customers', 1);

    expect(store.remoteLoadingStatus).toBe(RemoteLoadingStatus.loadingFailed);
    expect(errors).toEqual(['process.failedtoLoadDeleteProcesses']);
  });

  it('given a chosen process, when started, then the payload names the record and the new instance opens', async () => {
    server.on('POST', ProcessPath.processInstances, {
      status: 200,
      body: { data: { id: 'pi-9' } },
    });
    store.choose(DELETION);

    const starting = store.start(SUBJECT, open);
    expect(store.startProcessInstanceStatus).toBe(StartProcessInstanceStatus.pending);
    await starting;

    const body = server.calls('POST', ProcessPath.processInstances)[0]?.body as {
      processDefinitionId: string;
      name: string;
      values: unknown;
    };
    expect(body.processDefinitionId).toBe('def-7');
    expect(body.name).toMatch(/^Customer record deletion \d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(body.values).toEqual({
      metaData: {
        businessObjectId: 'CUS-000042',
        linkType: 'DELETE',
        objectDefinitionKey: 'customers',
        objectDefinitionVersion: 1,
      },
    });
    expect(store.startProcessInstanceStatus).toBe(StartProcessInstanceStatus.success);
    expect(store.processInstanceId).toBe('pi-9');
    expect(store.chosen).toBeNull();
    expect(opened).toEqual(['pi-9']);
  });

  it('given the start fails, when started, then it is error, says process.failedToCreateProcess and opens nothing', async () => {
    server.on('POST', ProcessPath.processInstances, 'network-error');
    store.choose(DELETION);

    await store.start(SUBJECT, open);

    expect(store.startProcessInstanceStatus).toBe(StartProcessInstanceStatus.error);
    expect(errors).toEqual(['process.failedToCreateProcess']);
    expect(opened).toEqual([]);
    expect(store.chosen).toEqual(DELETION);
  });

  it('given the start is refused as forbidden, when started, then no toast of its own shows', async () => {
    server.on('POST', ProcessPath.processInstances, { status: 403, body: {} });
    store.choose(DELETION);

    await store.start(SUBJECT, open);

    expect(store.startProcessInstanceStatus).toBe(StartProcessInstanceStatus.error);
    expect(errors).toEqual([]);
  });
});
