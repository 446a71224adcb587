import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import {
  DataStoreProcessPath,
  type DataStoreProcessesAnswer,
} from '../../schemas/api/dataStoreProcesses';
import { ProcessPath, type CreateProcessInstanceAnswer } from '../../schemas/api/processes';
import { RecordsPath } from '../../schemas/api/records';
import { TaskPath } from '../../schemas/api/tasks';
import {
  CUSTOMER_DELETION_LABEL,
  CUSTOMER_DELETION_PROCESS_KEY,
} from '../../server/seed/demoDeleteProcesses';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { seedRecordsForTenants } from '../helpers/seedRecordsForTenants';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';

const listUrl = (query: string) => `${DataStoreProcessPath.list}?${query}`;
const CUSTOMER_DELETE = listUrl('key=customers&version=1&type=DELETE');

describe('delete processes of business-object records', () => {
  const suite = setUpTestServer();
  let claire: IdentityClient;
  let maria: IdentityClient;
  let lucas: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    const { db } = suite.server.database;
    await seedRecordsForTenants(db);
    [claire, maria, lucas, ana] = await Promise.all([
      signIn(suite.server, EMAIL.cdubois),
      signIn(suite.server, EMAIL.mgarcia),
      signIn(suite.server, EMAIL.lmartin),
      signIn(suite.server, EMAIL.asouza, 'acme'),
    ]);
  }, 300_000);

  /** Any customer record of a tenant, by id. */
  const someCustomer = async (tenant: string, offset = 0) => {
    const row = await suite.server.database.db
      .selectFrom('object_records')
      .select('id')
      .where('tenant', '=', tenant)
      .where('key', '=', 'customers')
      .orderBy('id')
      .offset(offset)
      .limit(1)
      .executeTakeFirstOrThrow();
    return row.id;
  };

  const recordExists = async (tenant: string, id: string) =>
    (await suite.server.database.db
      .selectFrom('object_records')
      .select('id')
      .where('tenant', '=', tenant)
      .where('id', '=', id)
      .executeTakeFirst()) !== undefined;

  /** Starts the deletion of a record as the client does, answering the new instance's id. */
  const startDeletion = async (client: IdentityClient, recordId: string, tenant = 'internal') => {
    const list = await call(client, 'GET', CUSTOMER_DELETE);
    expect(list.statusCode, list.body).toBe(200);
    const [item] = list.json<DataStoreProcessesAnswer>().result;
    if (!item) throw new Error(`No delete process for the customers of ${tenant}`);
    const started = await call(client, 'POST', ProcessPath.processInstances, {
      processDefinitionId: item.appDefinition.processDefinitionId,
      name: `${item.appDefinition.name} 2026-01-01T00:00:00.000Z`,
      values: {
        metaData: {
          businessObjectId: recordId,
          linkType: 'DELETE',
          objectDefinitionKey: 'customers',
          objectDefinitionVersion: 1,
        },
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    return started.json<CreateProcessInstanceAnswer>().data.id;
  };

  /** The open approval task of an instance, if any. */
  const approvalTask = (instanceId: string) =>
    suite.server.database.db
      .selectFrom('tasks')
      .select(['id', 'name'])
      .where('instance_id', '=', instanceId)
      .where('element_id', '=', 'deletionApproval')
      .where('state', '=', 'open')
      .executeTakeFirst();

  /** Completes the approval with one of its form's outcomes (stored by name, as Flowable does). */
  const decide = async (client: IdentityClient, taskId: string, outcome: 'approve' | 'reject') => {
    const claimed = await call(client, 'PUT', TaskPath.claim(taskId));
    expect(claimed.statusCode, claimed.body).toBe(200);
    const done = await call(client, 'POST', TaskPath.complete(taskId), {
      outcome: outcome === 'approve' ? 'Approve deletion' : 'Keep the record',
      values: { approvalComment: 'Checked against the customer file.' },
    });
    expect(done.statusCode, done.body).toBe(200);
  };

  const variablesOf = async (instanceId: string) => {
    const row = await suite.server.database.db
      .selectFrom('process_instances')
      .select(['variables', 'ended_at'])
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    return { variables: row.variables as Record<string, unknown>, ended: row.ended_at !== null };
  };

  it('given the demo customers, when the analyst asks for their delete processes, then the deletion process comes with its label', async () => {
    const response = await call(claire, 'GET', CUSTOMER_DELETE);
    expect(response.statusCode, response.body).toBe(200);
    const { result } = response.json<DataStoreProcessesAnswer>();
    expect(result).toEqual([
      {
        appDefinition: {
          processDefinitionId: expect.any(String) as string,
          name: 'Customer record deletion',
        },
        dataStoreLink: { label: CUSTOMER_DELETION_LABEL },
      },
    ]);
    const definition = await suite.server.database.db
      .selectFrom('process_definitions')
      .select('key')
      .where('id', '=', result[0]?.appDefinition.processDefinitionId ?? '')
      .executeTakeFirstOrThrow();
    expect(definition.key).toBe(CUSTOMER_DELETION_PROCESS_KEY);
  });

  it('given an object without delete processes, when they are asked for, then the list is empty', async () => {
    const response = await call(claire, 'GET', listUrl('key=loans&version=1&type=DELETE'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<DataStoreProcessesAnswer>().result).toEqual([]);
  });

  it('given a user without access-bo, when they ask for delete processes, then 403', async () => {
    const response = await call(lucas, 'GET', CUSTOMER_DELETE);
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['no type', 'key=customers&version=1'],
    ['another type', 'key=customers&version=1&type=UPDATE'],
    ['a bad key', 'key=..%2Fx&version=1&type=DELETE'],
    ['a version that is not a number', 'key=customers&version=one&type=DELETE'],
    ['an unknown parameter', 'key=customers&version=1&type=DELETE&tenant=acme'],
  ])('given %s, when delete processes are asked for, then 400', async (_, query) => {
    const response = await call(claire, 'GET', listUrl(query));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<ErrorBody>().code).toBeTruthy();
  });

  it('given an object the tenant does not have, when its delete processes are asked for, then 404', async () => {
    const response = await call(claire, 'GET', listUrl('key=vehicles&version=1&type=DELETE'));
    expect(response.statusCode).toBe(404);
  });

  it("given acme's own customers, when its officer asks, then she gets acme's deletion process, not internal's", async () => {
    const [internal, acme] = await Promise.all([
      call(claire, 'GET', CUSTOMER_DELETE),
      call(ana, 'GET', CUSTOMER_DELETE),
    ]);
    expect(acme.statusCode, acme.body).toBe(200);
    const acmeIds = acme.json<DataStoreProcessesAnswer>().result.map((item) => item.appDefinition);
    const internalIds = internal
      .json<DataStoreProcessesAnswer>()
      .result.map((item) => item.appDefinition.processDefinitionId);
    expect(acmeIds).toHaveLength(1);
    expect(internalIds).not.toContain(acmeIds[0]?.processDefinitionId);
  });

  it('given a deletion started by the analyst, when the supervisor approves it, then the record is gone and the instance has ended', async () => {
    const recordId = await someCustomer('internal');
    const instanceId = await startDeletion(claire, recordId);

    const task = await approvalTask(instanceId);
    expect(task?.name).toMatch(/^Approve the deletion of \S/);
    expect(await recordExists('internal', recordId)).toBe(true);

    await decide(maria, task?.id ?? '', 'approve');

    expect(await recordExists('internal', recordId)).toBe(false);
    const { variables, ended } = await variablesOf(instanceId);
    expect(ended).toBe(true);
    expect(variables).toMatchObject({ recordDeleted: true, recordId });
    const gone = await call(claire, 'GET', RecordsPath.record('customers', 1, recordId));
    expect(gone.statusCode).toBe(404);
  });

  it('given a deletion, when the supervisor keeps the record, then it stays', async () => {
    const recordId = await someCustomer('internal', 1);
    const instanceId = await startDeletion(claire, recordId);
    const task = await approvalTask(instanceId);

    await decide(maria, task?.id ?? '', 'reject');

    expect(await recordExists('internal', recordId)).toBe(true);
    const { variables, ended } = await variablesOf(instanceId);
    expect(ended).toBe(true);
    expect(variables.recordDeleted).toBeUndefined();
  });

  it('given a deletion the starter would approve herself, when she claims the approval, then it is refused (four eyes) and the record stays', async () => {
    // Claire sits on the credit committee too, so she is a candidate of her own approval,
    // but the process excludes its starter from it.
    const recordId = await someCustomer('internal', 2);
    const instanceId = await startDeletion(claire, recordId);
    const task = await approvalTask(instanceId);

    const claimed = await call(claire, 'PUT', TaskPath.claim(task?.id ?? ''));

    expect(claimed.statusCode, claimed.body).toBe(403);
    expect(claimed.json<ErrorBody>().code).toBe('SEGREGATION_OF_DUTIES');
    expect(await recordExists('internal', recordId)).toBe(true);
    expect(await approvalTask(instanceId)).toMatchObject({ id: task?.id });
  });

  it("given another tenant's record id, when its deletion is started, then no approval is asked and both records stay", async () => {
    const acmeRecord = await someCustomer('acme');
    const instanceId = await startDeletion(claire, acmeRecord);

    expect(await approvalTask(instanceId)).toBeUndefined();
    const { variables, ended } = await variablesOf(instanceId);
    expect(ended).toBe(true);
    expect(variables).toMatchObject({ recordDeletable: false, recordDeletionRefusal: 'noRecord' });
    expect(await recordExists('acme', acmeRecord)).toBe(true);
  });

  it('given a starter without access-bo, when the deletion process is started on a record, then it ends without asking and the record stays', async () => {
    const recordId = await someCustomer('internal', 3);
    const list = await call(claire, 'GET', CUSTOMER_DELETE);
    const [item] = list.json<DataStoreProcessesAnswer>().result;
    const started = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: item?.appDefinition.processDefinitionId,
      name: 'Customer record deletion 2026-01-01T00:00:00.000Z',
      values: {
        metaData: {
          businessObjectId: recordId,
          linkType: 'DELETE',
          objectDefinitionKey: 'customers',
          objectDefinitionVersion: 1,
        },
      },
    });
    expect(started.statusCode, started.body).toBe(200);
    const instanceId = started.json<CreateProcessInstanceAnswer>().data.id;

    expect(await approvalTask(instanceId)).toBeUndefined();
    expect(await recordExists('internal', recordId)).toBe(true);
    const { variables } = await variablesOf(instanceId);
    expect(variables.recordDeletionRefusal).toBe('starterNotAllowed');
  });
});
