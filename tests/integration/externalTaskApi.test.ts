import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import {
  ExternalTaskAdminPath,
  IntegrationPath,
  type CompleteExternalTaskAnswer,
  type ExternalTaskAnswer,
  type ExternalTasksAnswer,
  type FetchAndLockAnswer,
} from '../../schemas/api/integration';
import { createIntegrationClient } from '../../server/identity/integrationClients';
import { call } from '../../server/workflow/testing/taskTestKit';
import { identityClient } from './identityClient';
import { useIntegrationClientKit } from './integrationClientKit';

describe('the external task API: workers fetch, lock, complete and fail; administrators retry', () => {
  const kit = useIntegrationClientKit('external-task-camunda.bpmn');
  let workerToken = '';
  let scannerToken = '';

  beforeAll(async () => {
    const make = (name: string, scopes: string[]) =>
      createIntegrationClient(kit.server.database.db, {
        tenant: 'internal',
        name,
        scopes,
        createdBy: 'pnair',
      });
    workerToken = (await make('Bureau worker', ['external-tasks'])).token;
    scannerToken = (await make('Scanner', ['messages'])).token;
  });

  function post(url: string, body: unknown, token: string | null = workerToken) {
    return kit.bearerPost(url, body, token);
  }

  function fetchAndLock(workerId: string, lockDuration = 60_000) {
    return post(IntegrationPath.fetchAndLock, {
      workerId,
      maxTasks: 10,
      topics: [{ topicName: 'creditBureau', lockDuration, variables: ['applicantName'] }],
    });
  }

  async function startCase(applicantName: string) {
    return kit.server.app.engine.startProcess('internal', {
      key: 'bureauCheckCamunda',
      businessKey: `LN-${applicantName.length}-${Date.now()}`,
      startedBy: 'lmartin',
      variables: { applicantName, monthlyIncome: 4200 },
    });
  }

  it('given a case at the bureau step, when a worker fetches, completes with a score, then the case moves on with it and a second worker got nothing', async () => {
    const instance = await startCase('Ada Lovelace');
    const fetched = await fetchAndLock('bureau-1');
    expect(fetched.statusCode).toBe(200);
    const [task, ...rest] = fetched.json<FetchAndLockAnswer>().data;
    expect(rest).toEqual([]);
    expect(task).toMatchObject({
      topicName: 'creditBureau',
      processInstanceId: instance.id,
      processDefinitionKey: 'bureauCheckCamunda',
      activityId: 'bureauCheck',
      workerId: 'bureau-1',
      variables: { applicantName: 'Ada Lovelace' },
    });
    expect(task?.variables).not.toHaveProperty('monthlyIncome');
    const second = await fetchAndLock('bureau-2');
    expect(second.json<FetchAndLockAnswer>().data).toEqual([]);

    const taskId = task?.id ?? '';
    const wrongWorker = await post(IntegrationPath.complete(taskId), {
      workerId: 'bureau-2',
      variables: { bureauScore: 1 },
    });
    expect(wrongWorker.statusCode).toBe(409);
    const done = await post(IntegrationPath.complete(taskId), {
      workerId: 'bureau-1',
      variables: { bureauScore: 742 },
    });
    expect(done.statusCode).toBe(200);
    expect(done.json<CompleteExternalTaskAnswer>().data).toEqual({
      processInstanceId: instance.id,
      ended: false,
    });
    expect(await kit.openTasks(instance.id, 'name')).toEqual(['Decide on a bureau score of 742']);
    const again = await post(IntegrationPath.complete(taskId), { workerId: 'bureau-1' });
    expect(again.statusCode).toBe(404);
  });

  it('given a worker that fails until no attempt is left, then the task is an incident an administrator sees with its error and sends back', async () => {
    const instance = await startCase('Grace Hopper');
    const failOnce = async (retries: number) => {
      const [task] = (await fetchAndLock('bureau-1')).json<FetchAndLockAnswer>().data;
      expect(task?.processInstanceId).toBe(instance.id);
      const failed = await post(IntegrationPath.failure(task?.id ?? ''), {
        workerId: 'bureau-1',
        errorMessage: 'The bureau answered 503',
        retries,
        retryTimeout: 0,
      });
      expect(failed.statusCode).toBe(200);
      return failed.json<ExternalTaskAnswer>().data;
    };
    expect((await failOnce(1)).retries).toBe(1);
    const incident = await failOnce(0);
    expect(incident).toMatchObject({ retries: 0, errorMessage: 'The bureau answered 503' });
    expect((await fetchAndLock('bureau-1')).json<FetchAndLockAnswer>().data).toEqual([]);

    const forbidden = await call(kit.lucas, 'GET', ExternalTaskAdminPath.externalTasks);
    expect(forbidden.statusCode).toBe(403);
    const listed = await call(
      kit.priya,
      'GET',
      `${ExternalTaskAdminPath.externalTasks}?failedOnly=true`,
    );
    expect(listed.statusCode).toBe(200);
    expect(listed.json<ExternalTasksAnswer>().data.map((task) => task.id)).toEqual([incident.id]);
    const retried = await call(kit.priya, 'POST', ExternalTaskAdminPath.retries(incident.id), {
      retries: 3,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json<ExternalTaskAnswer>().data.retries).toBe(3);
    const [back] = (await fetchAndLock('bureau-1')).json<FetchAndLockAnswer>().data;
    expect(back?.id).toBe(incident.id);
    await post(IntegrationPath.complete(incident.id), {
      workerId: 'bureau-1',
      variables: { bureauScore: 690 },
    });
    expect(await kit.openTasks(instance.id, 'name')).toEqual(['Decide on a bureau score of 690']);
  });

  it('given callers without the external-tasks scope or a token, then they get 403 and 401', async () => {
    expect((await post(IntegrationPath.fetchAndLock, {}, null)).statusCode).toBe(401);
    const scanner = await post(
      IntegrationPath.fetchAndLock,
      { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'creditBureau', lockDuration: 1000 }] },
      scannerToken,
    );
    expect(scanner.statusCode).toBe(403);
    const elsewhere = await kit.bearerPost(
      IntegrationPath.fetchAndLock,
      { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'creditBureau', lockDuration: 1000 }] },
      workerToken,
      identityClient(kit.server, 'acme'),
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it('given hostile or out-of-bounds worker input, then each is a 400 and no task is locked', async () => {
    const instance = await startCase('Hedy Lamarr');
    for (const body of [
      {},
      { workerId: '', maxTasks: 1, topics: [{ topicName: 'creditBureau', lockDuration: 1000 }] },
      { workerId: 'w', maxTasks: 0, topics: [{ topicName: 'creditBureau', lockDuration: 1000 }] },
      { workerId: 'w', maxTasks: 101, topics: [{ topicName: 'creditBureau', lockDuration: 1000 }] },
      { workerId: 'w', maxTasks: 1, topics: [] },
      { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'credit Bureau', lockDuration: 1000 }] },
      { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'creditBureau', lockDuration: 999 }] },
      {
        workerId: 'w\u0000',
        maxTasks: 1,
        topics: [{ topicName: 'creditBureau', lockDuration: 1000 }],
      },
      {
        workerId: 'w',
        maxTasks: 1,
        topics: [{ topicName: 'creditBureau', lockDuration: 1000, x: 1 }],
      },
    ]) {
      const answer = await post(IntegrationPath.fetchAndLock, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(['VALIDATION_ERROR', 'INVALID_TEXT']).toContain(answer.json<ErrorBody>().code);
    }
    const [task] = (await fetchAndLock('bureau-9')).json<FetchAndLockAnswer>().data;
    expect(task?.processInstanceId).toBe(instance.id);
    const fileValue = await post(IntegrationPath.complete(task?.id ?? ''), {
      workerId: 'bureau-9',
      variables: { report: { id: 'f_elsewhere', fileName: 'report.pdf' } },
    });
    expect(fileValue.statusCode).toBe(400);
    expect(await kit.openTasks(instance.id, 'name')).toEqual([]);
  });
});
