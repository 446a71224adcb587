import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ProcessPath,
  type AppDefinitionsAnswer,
  type ProcessDefinitionsAnswer,
  type ProcessInstanceDetail,
  type VariablesAnswer,
} from '../../schemas/api/processes';
import { TaskPath, type TaskListAnswer } from '../../schemas/api/tasks';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

describe('processes', () => {
  let server: TestServer;
  let lucas: IdentityClient;
  let priya: IdentityClient;
  let claire: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    server = await startTestServer();
    lucas = await signIn(server, EMAIL.lmartin);
    priya = await signIn(server, EMAIL.pnair);
    claire = await signIn(server, EMAIL.cdubois);
    ana = await signIn(server, EMAIL.asouza, 'acme');
  });

  afterAll(async () => {
    await server.close();
  });

  const definitionId = async (client: IdentityClient, key: string): Promise<string> => {
    const answer = (
      await call(client, 'GET', ProcessPath.appDefinitions)
    ).json<AppDefinitionsAnswer>();
    const found = answer.data.find((definition) => definition.processDefinitionKey === key);
    if (!found) throw new Error(`no ${key}`);
    return found.processDefinitionId;
  };

  it('given the deployed fixtures, when listing app definitions, then each startable process with its category', async () => {
    const response = await call(lucas, 'GET', ProcessPath.appDefinitions);
    expect(response.statusCode).toBe(200);
    const answer = response.json<AppDefinitionsAnswer>();
    expect(answer.size).toBe(answer.data.length);
    expect(answer.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          processDefinitionName: 'Loan origination',
          category: 'loans',
          appDefinitionKey: 'loanOrigination',
        }),
        expect.objectContaining({
          processDefinitionName: 'Customer onboarding',
          category: 'onboarding',
        }),
        expect.objectContaining({ processDefinitionName: 'Loan application', category: 'loans' }),
      ]),
    );
  });

  it('given an app key, when asking for its latest definition, then one newest version comes back', async () => {
    const response = await call(
      lucas,
      'GET',
      `${ProcessPath.processDefinitions}?latest=true&appDefinitionKey=loanApplication`,
    );
    const answer = response.json<ProcessDefinitionsAnswer>();
    expect(answer).toMatchObject({
      size: 1,
      data: [{ key: 'loanApplication', name: 'Loan application', version: 1 }],
    });
    const none = await call(
      lucas,
      'GET',
      `${ProcessPath.processDefinitions}?appDefinitionKey=nothing`,
    );
    expect(none.json()).toEqual({ size: 0, data: [] });
    expect(
      (await call(lucas, 'GET', `${ProcessPath.processDefinitions}?colour=red`)).statusCode,
    ).toBe(400);
  });

  it('given a start value shaped as an uploaded file, when starting an instance, then 400 and no instance starts', async () => {
    // A new case holds no file: such a value could only name another case's file.
    const id = await definitionId(lucas, 'loanApplication');
    const name = `Planted file ${new Date().toISOString()}`;
    const created = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: id,
      name,
      values: { payslips: { id: 'file-of-another-case', fileName: 'income.xlsx', rows: [] } },
    });
    expect(created.statusCode, created.body).toBe(400);
    expect(created.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'body.values.payslips', code: 'validation.file.notOwned' }],
    });
    const started = await server.database.db
      .selectFrom('process_instances')
      .select('id')
      .where('name', '=', name)
      .execute();
    expect(started).toEqual([]);
  });

  it('given a definition, when starting an instance, then its first task is waiting and the instance reads On-going', async () => {
    const id = await definitionId(lucas, 'loanApplication');
    const name = `Loan application ${new Date().toISOString()}`;
    const created = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: id,
      name,
      values: {
        metaData: { businessObjectId: 'rec-1', linkType: 'DELETE' },
        applicantName: 'Zoe Martin',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const instanceId = created.json<{ data: { id: string } }>().data.id;
    const detail = (
      await call(lucas, 'GET', ProcessPath.processInstance(instanceId))
    ).json<ProcessInstanceDetail>();
    expect(detail).toMatchObject({
      id: instanceId,
      name,
      type: 'LOAN_APPLICATION',
      status: 'On-going',
      ended: null,
      processDefinitionKey: 'loanApplication',
      processDefinitionCategory: 'loans',
      startedBy: {
        id: 'lmartin',
        fullName: 'Lucas Martin',
        groups: ['loan-officers'],
        privileges: ['access-task'],
      },
      variables: [],
    });
    const assigned = (
      await call(lucas, 'POST', TaskPath.assigned, { page: 0, size: 200 })
    ).json<TaskListAnswer>();
    expect(assigned.content.some((row) => row.processInstanceId === instanceId)).toBe(true);
  });

  it('given variables, when read without and with access-variables, then process variables show only with it', async () => {
    const id = await definitionId(priya, 'customerOnboarding');
    const created = await call(priya, 'POST', ProcessPath.processInstances, {
      processDefinitionId: id,
      name: 'Customer onboarding 2026-03-02T09:00:00.000Z',
      values: {
        customerName: 'Hana Sato',
        metaData: { objectDefinitionKey: 'customers', version: 1 },
      },
    });
    const instanceId = created.json<{ data: { id: string } }>().data.id;
    const withPrivilege = (
      await call(priya, 'GET', ProcessPath.variables(instanceId))
    ).json<VariablesAnswer>();
    expect(withPrivilege).toMatchObject({
      processVariablesIncluded: true,
      processVariables: { customerName: 'Hana Sato', initiator: 'pnair' },
      metaData: { objectDefinitionKey: 'customers', version: 1 },
      taskVariables: {},
    });
    const detail = (
      await call(priya, 'GET', ProcessPath.processInstance(instanceId))
    ).json<ProcessInstanceDetail>();
    expect(detail.variables).toEqual(
      expect.arrayContaining([{ name: 'customerName', value: 'Hana Sato' }]),
    );
    // Amara is a candidate of the onboarding task, so she sees the instance, but not its variables.
    const amara = await signIn(server, EMAIL.aokafor);
    const without = (
      await call(amara, 'GET', ProcessPath.variables(instanceId))
    ).json<VariablesAnswer>();
    expect(without).toMatchObject({
      processVariablesIncluded: false,
      processVariables: {},
      metaData: { objectDefinitionKey: 'customers' },
    });
    const [task] = await server.app.engine.listInstanceTasks('internal', instanceId, {
      completed: false,
    });
    const withTask = await call(
      amara,
      'GET',
      `${ProcessPath.variables(instanceId)}?taskId=${task?.id ?? ''}`,
    );
    expect(withTask.statusCode).toBe(200);
    expect(
      (await call(amara, 'GET', `${ProcessPath.variables(instanceId)}?taskId=other`)).statusCode,
    ).toBe(404);
    // Lucas has no part in it.
    expect((await call(lucas, 'GET', ProcessPath.variables(instanceId))).statusCode).toBe(403);
    expect((await call(lucas, 'GET', ProcessPath.processInstance(instanceId))).statusCode).toBe(
      403,
    );
    // Claire reads every instance for the reports (access-bo).
    expect((await call(claire, 'GET', ProcessPath.processInstance(instanceId))).statusCode).toBe(
      200,
    );
  });

  it('given an instance of internal, when acme asks for it, then 404, and acme cannot start internal definitions', async () => {
    const id = await definitionId(lucas, 'loanApplication');
    const created = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: id,
      name: 'Internal one',
    });
    const instanceId = created.json<{ data: { id: string } }>().data.id;
    expect((await call(ana, 'GET', ProcessPath.processInstance(instanceId))).statusCode).toBe(404);
    expect((await call(ana, 'GET', ProcessPath.variables(instanceId))).statusCode).toBe(404);
    expect(
      (
        await call(ana, 'POST', ProcessPath.processInstances, {
          processDefinitionId: id,
          name: 'Sneaky',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(lucas, 'GET', ProcessPath.processInstance('no-such-instance'))).statusCode,
    ).toBe(404);
  });

  it('given a finished instance, when read, then it is Completed with an end time', async () => {
    const id = await definitionId(lucas, 'loanApplication');
    const created = await call(lucas, 'POST', ProcessPath.processInstances, {
      processDefinitionId: id,
      name: 'Run to the end',
    });
    const instanceId = created.json<{ data: { id: string } }>().data.id;
    const engine = server.app.engine;
    const [form] = await engine.listInstanceTasks('internal', instanceId, { completed: false });
    await engine.completeTask('internal', form?.id ?? '', {
      userId: 'lmartin',
      variables: { applicantName: 'Kofi Mensah' },
    });
    // Four eyes: a colleague reviews what Lucas filled in.
    const [review] = await engine.listInstanceTasks('internal', instanceId, { completed: false });
    await engine.claimTask('internal', review?.id ?? '', 'jmorales');
    await engine.completeTask('internal', review?.id ?? '', {
      userId: 'jmorales',
      variables: { decision: 'approved' },
    });
    const detail = (
      await call(lucas, 'GET', ProcessPath.processInstance(instanceId))
    ).json<ProcessInstanceDetail>();
    expect(detail.status).toBe('Completed');
    expect(detail.ended).not.toBeNull();
  });

  it('given malformed starts, when sent, then 400', async () => {
    const id = await definitionId(lucas, 'loanApplication');
    const bodies = [
      { processDefinitionId: id },
      { processDefinitionId: id, name: '' },
      { processDefinitionId: id, name: '   ' },
      { processDefinitionId: id, name: 'line\nbreak' },
      { processDefinitionId: id, name: 'x'.repeat(256) },
      { processDefinitionId: id, name: 'ok', values: [] },
      { processDefinitionId: id, name: 'ok', other: true },
    ];
    for (const body of bodies) {
      expect(
        (await call(lucas, 'POST', ProcessPath.processInstances, body)).statusCode,
        JSON.stringify(body).slice(0, 60),
      ).toBe(400);
    }
  });

  it('given a user without access-task, when listing processes, then 403', async () => {
    const elena = await signIn(server, EMAIL.evidal);
    expect((await call(elena, 'GET', ProcessPath.appDefinitions)).statusCode).toBe(403);
  });
});
