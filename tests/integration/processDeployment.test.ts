import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormPath, type TaskFormAnswer } from '../../schemas/api/forms';
import type { ErrorBody } from '../../schemas/api/common';
import {
  ProcessDeploymentPath,
  type DeployAnswer,
  type DeploymentBody,
  type DeploymentCheckAnswer,
  type ProcessDeploymentsAnswer,
  type RetireAnswer,
} from '../../schemas/api/processDeployments';
import {
  ProcessPath,
  type AppDefinitionsAnswer,
  type ProcessDefinitionsAnswer,
} from '../../schemas/api/processes';
import { TaskPath } from '../../schemas/api/tasks';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { startTestServer, type TestServer } from '../../server/testing/startTestServer';
import type { IdentityClient } from './identityClient';

const FIXTURES = new URL('../../fixtures/deployments/', import.meta.url);

async function file(name: string): Promise<{ fileName: string; content: string }> {
  return { fileName: name, content: await readFile(new URL(name, FIXTURES), 'utf8') };
}

describe('deploying processes (access-admin)', () => {
  let server: TestServer;
  let priya: IdentityClient;
  let lucas: IdentityClient;
  let version1: DeploymentBody;
  let version2: DeploymentBody;

  beforeAll(async () => {
    server = await startTestServer();
    priya = await signIn(server, EMAIL.pnair);
    lucas = await signIn(server, EMAIL.lmartin);
    version1 = {
      bpmn: await file('expense-approval-v1.bpmn'),
      forms: [await file('expense-claim-v1.json')],
    };
    version2 = {
      bpmn: await file('expense-approval-v2.bpmn'),
      forms: [await file('expense-claim-v2.json')],
    };
  }, 300_000);

  afterAll(async () => {
    await server.close();
  });

  /** Starts the live version of expenseApproval as Priya, the way the start drawer does. */
  async function startExpense(name: string): Promise<{ id: string; definitionId: string }> {
    const apps = (
      await call(priya, 'GET', ProcessPath.appDefinitions)
    ).json<AppDefinitionsAnswer>();
    const app = apps.data.find((item) => item.processDefinitionKey === 'expenseApproval');
    if (!app) throw new Error('expenseApproval is not startable');
    const started = await call(priya, 'POST', ProcessPath.processInstances, {
      processDefinitionId: app.processDefinitionId,
      name,
    });
    expect(started.statusCode).toBe(200);
    return {
      id: started.json<{ data: { id: string } }>().data.id,
      definitionId: app.processDefinitionId,
    };
  }

  async function openTask(instanceId: string): Promise<{ id: string; element_id: string }> {
    return server.database.db
      .selectFrom('tasks')
      .select(['id', 'element_id'])
      .where('instance_id', '=', instanceId)
      .where('state', '=', 'open')
      .executeTakeFirstOrThrow();
  }

  async function complete(taskId: string, values: Record<string, unknown>) {
    return call(priya, 'POST', TaskPath.complete(taskId), { values });
  }

  async function instanceEnded(instanceId: string): Promise<boolean> {
    const row = await server.database.db
      .selectFrom('process_instances')
      .select('ended_at')
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    return row.ended_at !== null;
  }

  it('given a user without access-admin, when they list, check, deploy or retire, then each is a 403', async () => {
    const list = await call(lucas, 'GET', ProcessDeploymentPath.deployments);
    const check = await call(lucas, 'POST', ProcessDeploymentPath.check, version1);
    const deploy = await call(lucas, 'POST', ProcessDeploymentPath.deployments, version1);
    const retire = await call(lucas, 'POST', ProcessDeploymentPath.retire('anything'));
    expect([list, check, deploy, retire].map((response) => response.statusCode)).toEqual([
      403, 403, 403, 403,
    ]);
  });

  it('given broken files, when checked, then every problem comes back at once with its file and place', async () => {
    const response = await call(priya, 'POST', ProcessDeploymentPath.check, {
      bpmn: {
        fileName: 'broken.bpmn',
        content: (await file('expense-approval-v1.bpmn')).content
          .replace('<endEvent id="end"', '<scriptTask id="script" /><endEvent id="end"')
          .replace(
            'camunda:assignee="${initiator}"',
            'camunda:assignee="${initiator}" camunda:asyncBefore="true"',
          ),
      },
      forms: [
        { fileName: 'not-json.json', content: '{ "key": ' },
        { fileName: 'designer.json', content: JSON.stringify({ id: 'DSG-x', name: 42 }) },
      ],
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json<DeploymentCheckAnswer>();
    expect(answer.deployable).toBe(false);
    const places = answer.problems.map((problem) => [
      problem.severity,
      problem.source,
      problem.fileName,
      problem.elementId ?? problem.path,
    ]);
    // The form that is not JSON, the designer form that is not its format, the script task.
    expect(places).toContainEqual(['error', 'form', 'not-json.json', '']);
    expect(places.some(([, , name]) => name === 'designer.json')).toBe(true);
    expect(places).toContainEqual(['error', 'bpmn', 'broken.bpmn', 'script']);
    // The setting that changes nothing is a warning: it would not refuse on its own.
    expect(places).toContainEqual(['warning', 'bpmn', 'broken.bpmn', 'claim']);
    // A readable process is checked with its forms as well: the form it names is in none
    // of the files and not stored, and its form file's own problems come with it.
    const readable = (
      await call(priya, 'POST', ProcessDeploymentPath.check, {
        bpmn: version2.bpmn,
        forms: [{ fileName: 'not-json.json', content: '{ "key": ' }],
      })
    ).json<DeploymentCheckAnswer>();
    expect(readable.problems.map((problem) => [problem.severity, problem.code])).toEqual([
      ['error', 'schema.json'],
      ['warning', null],
      ['warning', 'processForm.notFound'],
      ['warning', 'processVariable.notWritten'],
    ]);
    // Nothing was stored.
    const stored = await server.database.db
      .selectFrom('form_definitions')
      .select('id')
      .where('id', 'in', ['expense-claim', 'DSG-x'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('given a refusing file, when deployed, then 422 lists the problems and no version is made', async () => {
    const response = await call(priya, 'POST', ProcessDeploymentPath.deployments, {
      ...version1,
      forms: [{ fileName: 'not-json.json', content: '[' }],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<ErrorBody>();
    expect(body.code).toBe('DEPLOYMENT_REFUSED');
    expect(body.details?.map((detail) => detail.path)).toContain('not-json.json');
    const list = (
      await call(priya, 'GET', ProcessDeploymentPath.deployments)
    ).json<ProcessDeploymentsAnswer>();
    expect(list.data.find((process) => process.key === 'expenseApproval')).toBeUndefined();
  });

  it('given version 1 deployed with its form and an instance of it started, when version 2 is deployed with a changed form and started, then each instance runs and finishes on its own version and forms', async () => {
    // Given version 1, deployed by Priya, and an instance of it.
    const first = await call(priya, 'POST', ProcessDeploymentPath.deployments, version1);
    expect(first.statusCode).toBe(200);
    expect(first.json<DeployAnswer>().data).toMatchObject({
      key: 'expenseApproval',
      version: 1,
      deployedBy: 'Priya Nair',
      retired: false,
    });
    const old = await startExpense('Taxi to the branch');
    // When version 2 is checked and deployed.
    const check = (
      await call(priya, 'POST', ProcessDeploymentPath.check, version2)
    ).json<DeploymentCheckAnswer>();
    expect(check).toMatchObject({
      deployable: true,
      processKey: 'expenseApproval',
      nextVersion: 2,
    });
    const second = await call(priya, 'POST', ProcessDeploymentPath.deployments, version2);
    expect(second.statusCode).toBe(200);
    const deployed = second.json<DeployAnswer>();
    expect(deployed.data.version).toBe(2);
    // Its setting that changes nothing comes back as a warning, with its element.
    expect(deployed.warnings).toContainEqual(
      expect.objectContaining({
        severity: 'warning',
        elementId: 'confirm',
        attribute: 'camunda:asyncBefore',
      }),
    );
    const fresh = await startExpense('Hotel in Lyon');
    expect(fresh.definitionId).toBe(deployed.data.id);
    expect(old.definitionId).not.toBe(fresh.definitionId);

    // Then the old instance's task still shows version 1 of the form, the new one version 2.
    const oldTask = await openTask(old.id);
    const freshTask = await openTask(fresh.id);
    const oldForm = (
      await call(priya, 'GET', FormPath.taskForm(oldTask.id))
    ).json<TaskFormAnswer>();
    const freshForm = (
      await call(priya, 'GET', FormPath.taskForm(freshTask.id))
    ).json<TaskFormAnswer>();
    expect([oldForm.version, freshForm.version]).toEqual([1, 2]);

    // The old instance completes with version 1's fields only (version 2 requires a purpose),
    // and ends: version 1 has one task.
    expect((await complete(oldTask.id, { amount: 18 })).statusCode).toBe(200);
    expect(await instanceEnded(old.id)).toBe(true);

    // The new instance needs version 2's purpose, then goes on to version 2's second task.
    expect((await complete(freshTask.id, { amount: 240 })).statusCode).toBe(422);
    expect((await complete(freshTask.id, { amount: 240, purpose: 'Hotel' })).statusCode).toBe(200);
    const confirm = await openTask(fresh.id);
    expect(confirm.element_id).toBe('confirm');
    expect((await complete(confirm.id, {})).statusCode).toBe(200);
    expect(await instanceEnded(fresh.id)).toBe(true);

    // The list shows both versions, newest first, with who deployed them.
    const list = (
      await call(priya, 'GET', ProcessDeploymentPath.deployments)
    ).json<ProcessDeploymentsAnswer>();
    const expense = list.data.find((process) => process.key === 'expenseApproval');
    expect(expense?.liveVersion).toBe(2);
    expect(expense?.versions.map((version) => [version.version, version.deployedBy])).toEqual([
      [2, 'Priya Nair'],
      [1, 'Priya Nair'],
    ]);
    // The seeded processes are listed too, deployed by nobody.
    const seeded = list.data.find((process) => process.key === 'customerRecordDeletion');
    expect(seeded?.versions[0]?.deployedBy).toBeNull();
  });

  it('given an instance of version 2 running, when version 2 is retired, then new starts take version 1, the running instance finishes on version 2, and retiring the last live version leaves nothing startable', async () => {
    const running = await startExpense('Train to Madrid');
    const list = (
      await call(priya, 'GET', ProcessDeploymentPath.deployments)
    ).json<ProcessDeploymentsAnswer>();
    const versions = list.data.find((process) => process.key === 'expenseApproval')?.versions ?? [];
    const [v2, v1] = versions;
    if (!v2 || !v1) throw new Error('two versions expected');
    expect(running.definitionId).toBe(v2.id);
    expect(versions[0]?.runningInstances).toBe(1);

    // When version 2 is retired.
    const retired = await call(priya, 'POST', ProcessDeploymentPath.retire(v2.id));
    expect(retired.statusCode).toBe(200);
    expect(retired.json<RetireAnswer>()).toMatchObject({
      liveVersions: 1,
      data: { version: 2, retired: true },
    });
    // Then a start by its id is refused, new starts take version 1.
    const refused = await call(priya, 'POST', ProcessPath.processInstances, {
      processDefinitionId: v2.id,
      name: 'Too late',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().code).toBe('PROCESS_RETIRED');
    const latest = (
      await call(priya, 'GET', `${ProcessPath.processDefinitions}?appDefinitionKey=expenseApproval`)
    ).json<ProcessDefinitionsAnswer>();
    expect(latest.data.map((definition) => definition.version)).toEqual([1]);
    const byKey = await server.app.engine.startProcess('internal', {
      key: 'expenseApproval',
      startedBy: 'pnair',
    });
    expect(byKey.definitionVersion).toBe(1);
    // The running instance finishes on version 2: two tasks.
    const claim = await openTask(running.id);
    expect((await complete(claim.id, { amount: 80, purpose: 'Train' })).statusCode).toBe(200);
    const confirm = await openTask(running.id);
    expect(confirm.element_id).toBe('confirm');
    expect((await complete(confirm.id, {})).statusCode).toBe(200);
    expect(await instanceEnded(running.id)).toBe(true);

    // Retiring version 1 too says nobody can start it, and the start drawer no longer lists it.
    const last = await call(priya, 'POST', ProcessDeploymentPath.retire(v1.id));
    expect(last.json<RetireAnswer>().liveVersions).toBe(0);
    const apps = (
      await call(priya, 'GET', ProcessPath.appDefinitions)
    ).json<AppDefinitionsAnswer>();
    expect(apps.data.map((app) => app.processDefinitionKey)).not.toContain('expenseApproval');
  });

  it('given an administrator’s version 2 of a process the installation brought, when the server starts again and deploys its files, then version 2 stays the current one', async () => {
    const fixture = await readFile(
      new URL('../../fixtures/processes/customer-record-deletion.bpmn', import.meta.url),
      'utf8',
    );
    const deployed = await call(priya, 'POST', ProcessDeploymentPath.deployments, {
      bpmn: {
        fileName: 'customer-record-deletion.bpmn',
        content: fixture.replace(
          'name="Customer record deletion"',
          'name="Customer record deletion (reviewed)"',
        ),
      },
      forms: [],
    });
    expect(deployed.statusCode).toBe(200);
    expect(deployed.json<DeployAnswer>().data.version).toBe(2);
    // The start deploys the fixtures again: the installation's file is unchanged.
    const again = await server.app.engine.deploy('internal', fixture);
    expect(again.version).toBe(1);
    const versions = await server.database.db
      .selectFrom('process_definitions')
      .select(['version', 'name'])
      .where('tenant', '=', 'internal')
      .where('key', '=', 'customerRecordDeletion')
      .orderBy('version', 'desc')
      .execute();
    expect(versions).toEqual([
      { version: 2, name: 'Customer record deletion (reviewed)' },
      { version: 1, name: 'Customer record deletion' },
    ]);
  });

  it('given another tenant’s version, when an administrator retires it, then 404 and it stays live', async () => {
    const acme = await server.database.db
      .selectFrom('process_definitions')
      .select(['id'])
      .where('tenant', '=', 'acme')
      .executeTakeFirstOrThrow();
    const response = await call(priya, 'POST', ProcessDeploymentPath.retire(acme.id));
    expect(response.statusCode).toBe(404);
    const row = await server.database.db
      .selectFrom('process_definitions')
      .select('retired_at')
      .where('id', '=', acme.id)
      .executeTakeFirstOrThrow();
    expect(row.retired_at).toBeNull();
    // Nor does the list show it.
    const list = (
      await call(priya, 'GET', ProcessDeploymentPath.deployments)
    ).json<ProcessDeploymentsAnswer>();
    const ids = list.data.flatMap((process) => process.versions.map((version) => version.id));
    expect(ids).not.toContain(acme.id);
  });

  it('given hostile bodies, when checked or deployed, then each is a 4xx with a code and nothing is stored', async () => {
    const entity = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]><definitions>&lol2;</definitions>`;
    const deep = `${'['.repeat(200)}${']'.repeat(200)}`;
    const cases: [string, unknown][] = [
      ['entity expansion', { bpmn: { fileName: 'a.bpmn', content: entity }, forms: [] }],
      ['deep form', { ...version1, forms: [{ fileName: 'deep.json', content: deep }] }],
      ['NUL', { bpmn: { fileName: 'a.bpmn', content: 'a\u0000b' }, forms: [] }],
      ['lone surrogate', { bpmn: { fileName: 'a.bpmn', content: 'a\ud800b' }, forms: [] }],
      ['extra property', { ...version1, deployNow: true }],
      ['no forms list', { bpmn: version1.bpmn }],
      [
        'too many elements',
        { bpmn: { fileName: 'a.bpmn', content: '<task id="t"/>'.repeat(10_001) }, forms: [] },
      ],
    ];
    for (const [name, body] of cases) {
      for (const url of [ProcessDeploymentPath.check, ProcessDeploymentPath.deployments]) {
        const response = await call(priya, 'POST', url, body);
        expect([name, response.statusCode]).toEqual([name, 400]);
        expect(response.json<ErrorBody>().code).toMatch(/^[A-Z_]+$/);
      }
    }
    // A flood of problems is cut to a readable list that says how many were left out.
    const flood = `<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="x"><process id="p">${'<task id="same"/>'.repeat(2_000)}</process></definitions>`;
    const cut = (
      await call(priya, 'POST', ProcessDeploymentPath.check, {
        bpmn: { fileName: 'flood.bpmn', content: flood },
        forms: [],
      })
    ).json<DeploymentCheckAnswer>();
    expect(cut.problems).toHaveLength(201);
    expect(cut.problems[200]).toMatchObject({
      code: 'deployment.moreProblems',
      severity: 'error',
      params: { count: expect.any(Number) },
    });
    // A body past the limit is a 413 before it is read.
    const huge = await priya.request({
      method: 'POST',
      url: ProcessDeploymentPath.check,
      body: { bpmn: { fileName: 'a.bpmn', content: 'x'.repeat(5 * 1024 * 1024) }, forms: [] },
    });
    expect(huge.statusCode).toBe(413);
    // A JSON body nested deeper than allowed.
    const nested = await priya.request({
      method: 'POST',
      url: ProcessDeploymentPath.check,
      body: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(nested.statusCode).toBe(400);
    const versions = await server.database.db
      .selectFrom('process_definitions')
      .select('version')
      .where('tenant', '=', 'internal')
      .where('key', '=', 'expenseApproval')
      .execute();
    expect(versions).toHaveLength(2);
  });
});
