import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import {
  ProcessPath,
  WITHDRAW_REASON_MAX,
  type ProcessInstanceDetail,
  type WithdrawInstanceAnswer,
} from '../../schemas/api/processes';
import { ReportPath, type ReportListAnswer } from '../../schemas/api/reports';
import {
  TaskPath,
  type InstanceTasksAnswer,
  type TaskDetail,
  type TaskListAnswer,
} from '../../schemas/api/tasks';
import type { Task } from '../../server/engine';
import { call, clearInstances, deployKit } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';
import type { IdentityClient } from './identityClient';

const TENANT = 'internal';

/**
 * A case with work on three paths: its starter prepares it, a colleague checks it (four
 * eyes keep the starter from the check, which has a reminder timer), and it waits for a
 * message that the documents arrived. Withdrawing it must end all three.
 */
const WITHDRAWABLE_CASE = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="withdrawable" targetNamespace="tests">
  <message id="documentsArrived" name="documentsArrived" />
  <process id="withdrawableCase" name="Withdrawable case" isExecutable="true">
    <startEvent id="start" camunda:initiator="initiator" />
    <sequenceFlow id="toFork" sourceRef="start" targetRef="fork" />
    <parallelGateway id="fork" />
    <sequenceFlow id="toPrepare" sourceRef="fork" targetRef="prepare" />
    <sequenceFlow id="toCheck" sourceRef="fork" targetRef="check" />
    <sequenceFlow id="toDocuments" sourceRef="fork" targetRef="documents" />
    <userTask id="prepare" name="Prepare \${caseName}" camunda:formKey="kit-form"
      camunda:assignee="\${initiator}" />
    <userTask id="check" name="Check \${caseName}" camunda:formKey="kit-form"
      camunda:candidateGroups="loan-officers" camunda:excludeInitiator="true" />
    <boundaryEvent id="checkReminder" attachedToRef="check" cancelActivity="false">
      <timerEventDefinition><timeDuration>P3D</timeDuration></timerEventDefinition>
    </boundaryEvent>
    <sequenceFlow id="toReminderEnd" sourceRef="checkReminder" targetRef="reminderEnd" />
    <endEvent id="reminderEnd" />
    <intermediateCatchEvent id="documents">
      <messageEventDefinition messageRef="documentsArrived" />
    </intermediateCatchEvent>
    <sequenceFlow id="prepared" sourceRef="prepare" targetRef="join" />
    <sequenceFlow id="checked" sourceRef="check" targetRef="join" />
    <sequenceFlow id="received" sourceRef="documents" targetRef="join" />
    <parallelGateway id="join" />
    <sequenceFlow id="toEnd" sourceRef="join" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/**
 * A stand-in for the onboarding process (the customer report's key) with one step its
 * starter does, so a test can complete a case or withdraw it and read the report.
 */
const ONE_STEP_ONBOARDING = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="oneStep" targetNamespace="tests">
  <process id="customerOnboarding" name="Customer onboarding" isExecutable="true">
    <startEvent id="start" camunda:initiator="initiator" />
    <sequenceFlow id="toWelcome" sourceRef="start" targetRef="welcome" />
    <userTask id="welcome" name="Welcome the customer" camunda:assignee="\${initiator}" />
    <sequenceFlow id="toEnd" sourceRef="welcome" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** A withdrawable case's parts: its id and its open steps. */
interface StartedCase {
  readonly instanceId: string;
  readonly prepare: Task;
  readonly check: Task;
}

describe('withdrawing a process instance', () => {
  const suite = setUpTestServer();
  let maria: IdentityClient;
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let javier: IdentityClient;
  let claire: IdentityClient;
  let priya: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    await suite.server.app.engine.deploy(TENANT, WITHDRAWABLE_CASE);
    ({ maria, lucas, amara, javier, claire, priya, ana } = await signInDemoStaff(suite.server));
  });

  // Each test counts list rows from an empty tenant.
  beforeEach(async () => {
    await clearInstances(suite.server);
  });

  /** Lucas (an officer María supervises) starts a case. */
  async function startedCase(caseName: string, startedBy = 'lmartin'): Promise<StartedCase> {
    const { engine } = suite.server.app;
    const instance = await engine.startProcess(TENANT, {
      key: 'withdrawableCase',
      startedBy,
      variables: { caseName },
    });
    const open = await engine.listInstanceTasks(TENANT, instance.id, { completed: false });
    const step = (elementId: string): Task => {
      const found = open.find((task) => task.elementId === elementId);
      if (!found) throw new Error(`The case has no open ${elementId}.`);
      return found;
    };
    return { instanceId: instance.id, prepare: step('prepare'), check: step('check') };
  }

  const withdraw = (client: IdentityClient, instanceId: string, body: unknown) =>
    call(client, 'DELETE', ProcessPath.processInstanceExtended(instanceId), body);

  const detail = async (client: IdentityClient, instanceId: string) => {
    const response = await call(client, 'GET', ProcessPath.processInstance(instanceId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProcessInstanceDetail>();
  };

  /** A dashboard list's task ids and its counters, as the client reads them. */
  const list = async (
    client: IdentityClient,
    path: string,
  ): Promise<{ ids: string[]; totals: number[] }> => {
    const response = await call(client, 'POST', path, { page: 0, size: 20 });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json<TaskListAnswer>();
    return {
      ids: answer.content.map((row) => row.taskId).sort(),
      totals: [answer.totalHeadCount, answer.totalAll, answer.totalCount],
    };
  };

  const tableOf = async (instanceId: string) =>
    suite.server.database.db
      .selectFrom('process_jobs')
      .select('id')
      .where('instance_id', '=', instanceId)
      .union(
        suite.server.database.db
          .selectFrom('process_event_subscriptions')
          .select('id')
          .where('instance_id', '=', instanceId),
      )
      .execute();

  describe('who may', () => {
    it('given a case nobody else has worked on, when its starter withdraws it with a reason, then it ends withdrawn, its steps leave every list and count, and its timer and message wait are gone', async () => {
      // Given Lucas's case: his own step, a check offered to the officers, a timer, a wait.
      const { instanceId, prepare, check } = await startedCase('Harbour loan');
      expect(await list(lucas, TaskPath.assigned)).toEqual({
        ids: [prepare.id],
        totals: [1, 1, 1],
      });
      expect(await list(amara, TaskPath.candidate)).toEqual({ ids: [check.id], totals: [1, 1, 1] });
      expect(await list(maria, TaskPath.team)).toEqual({ ids: [prepare.id], totals: [1, 1, 1] });
      expect(await tableOf(instanceId)).toHaveLength(2);
      expect((await detail(lucas, instanceId)).permissions).toEqual({ canWithdraw: true });

      // When he withdraws it, with a reason that has spaces around it.
      const response = await withdraw(lucas, instanceId, {
        reason: '  The customer chose another bank.  ',
      });

      // Then it is withdrawn, by him, for that reason.
      expect(response.statusCode, response.body).toBe(200);
      const answer = response.json<WithdrawInstanceAnswer>();
      expect(answer).toMatchObject({
        id: instanceId,
        status: 'Withdrawn',
        withdrawal: {
          by: { id: 'lmartin', fullName: 'Lucas Martin' },
          reason: 'The customer chose another bank.',
        },
      });
      // And its steps are in no list and no count: his, the officers', the supervisor's.
      expect(await list(lucas, TaskPath.assigned)).toEqual({ ids: [], totals: [0, 0, 0] });
      expect(await list(amara, TaskPath.candidate)).toEqual({ ids: [], totals: [0, 0, 0] });
      expect(await list(javier, TaskPath.candidate)).toEqual({ ids: [], totals: [0, 0, 0] });
      expect(await list(maria, TaskPath.team)).toEqual({ ids: [], totals: [0, 0, 0] });
      // And nothing waits for it any more: no timer, no message.
      expect(await tableOf(instanceId)).toEqual([]);
      const tasks = await suite.server.app.engine.listInstanceTasks(TENANT, instanceId);
      expect(tasks.map((task) => task.state)).toEqual(['cancelled', 'cancelled']);
      // And a step of it can be neither claimed nor completed.
      expect((await call(amara, 'PUT', TaskPath.claim(check.id))).statusCode).toBe(409);
      expect(
        (await call(lucas, 'POST', TaskPath.complete(prepare.id), { values: {} })).statusCode,
      ).toBe(409);
    });

    it('given a colleague claimed a step of the case, when its starter withdraws it, then 403 and nothing changes; when his supervisor does, then it is withdrawn', async () => {
      // Given Lucas's case, whose check Javier claimed.
      const { instanceId, check } = await startedCase('Mill loan');
      expect((await call(javier, 'PUT', TaskPath.claim(check.id))).statusCode).toBe(200);
      expect((await detail(lucas, instanceId)).permissions).toEqual({ canWithdraw: false });

      // When Lucas withdraws it, then he is refused.
      const refused = await withdraw(lucas, instanceId, { reason: 'Changed my mind' });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<ErrorBody>().code).toBe('FORBIDDEN');
      expect((await detail(lucas, instanceId)).status).toBe('On-going');
      expect(await list(javier, TaskPath.assigned)).toMatchObject({ ids: [check.id] });

      // When María, who leads Lucas's team, withdraws it, then it ends, Javier's step too.
      expect((await detail(maria, instanceId)).permissions).toEqual({ canWithdraw: true });
      const response = await withdraw(maria, instanceId, { reason: 'Duplicate of LN-7' });
      expect(response.statusCode, response.body).toBe(200);
      expect(await list(javier, TaskPath.assigned)).toEqual({ ids: [], totals: [0, 0, 0] });
      const shown = await detail(lucas, instanceId);
      expect(shown).toMatchObject({
        status: 'Withdrawn',
        withdrawal: {
          by: { id: 'mgarcia', fullName: 'María García' },
          reason: 'Duplicate of LN-7',
        },
        permissions: { canWithdraw: false },
      });
      expect(shown.ended).not.toBeNull();
    });

    it('given a colleague completed a step of the case, when its starter withdraws it, then 403; holders of access-admin may', async () => {
      // Given Lucas's case, whose check Javier claimed and completed.
      const { instanceId, check } = await startedCase('Quay loan');
      expect((await call(javier, 'PUT', TaskPath.claim(check.id))).statusCode).toBe(200);
      const done = await call(javier, 'POST', TaskPath.complete(check.id), {
        outcome: 'approve',
        values: {},
      });
      expect(done.statusCode, done.body).toBe(200);

      // When Lucas withdraws it, then he is refused.
      expect((await withdraw(lucas, instanceId, { reason: 'No longer needed' })).statusCode).toBe(
        403,
      );

      // When Priya (access-admin) withdraws it, then it is withdrawn.
      const response = await withdraw(priya, instanceId, { reason: 'Opened by mistake' });
      expect(response.statusCode, response.body).toBe(200);
      expect((await detail(lucas, instanceId)).status).toBe('Withdrawn');
    });

    it('given another officer, another tenant and an ended case, when they withdraw, then 403, 404 and 409', async () => {
      const { instanceId, check } = await startedCase('Pier loan');

      // Javier sees the case (its check is offered to him) but has no say over it.
      expect((await detail(javier, instanceId)).permissions).toEqual({ canWithdraw: false });
      const other = await withdraw(javier, instanceId, { reason: 'Not mine to keep' });
      expect(other.statusCode, other.body).toBe(403);
      expect(other.json<ErrorBody>().code).toBe('FORBIDDEN');
      // Claire sees every case (access-bo) and has no say either.
      expect((await withdraw(claire, instanceId, { reason: 'Tidy up' })).statusCode).toBe(403);

      // Ana, of another tenant, does not find it.
      const foreign = await withdraw(ana, instanceId, { reason: 'Tidy up' });
      expect(foreign.statusCode, foreign.body).toBe(404);
      expect(foreign.json<ErrorBody>().code).toBe('NOT_FOUND');

      // Nothing of it changed.
      expect(await list(amara, TaskPath.candidate)).toMatchObject({ ids: [check.id] });

      // Once withdrawn, it cannot be withdrawn again.
      expect((await withdraw(lucas, instanceId, { reason: 'Done' })).statusCode).toBe(200);
      const again = await withdraw(lucas, instanceId, { reason: 'Done' });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json<ErrorBody>().code).toBe('CONFLICT');
    });
  });

  describe('inside the change', () => {
    it('given the policy refuses under the instance lock (a colleague acted meanwhile), when withdrawing, then nothing of the withdrawal stays', async () => {
      const { instanceId, check } = await startedCase('Lock loan');
      const { engine } = suite.server.app;

      // When the rule, asked again inside the change, refuses it.
      await expect(
        engine.cancelInstance(TENANT, instanceId, {
          userId: 'lmartin',
          reason: 'Too late',
          check: async () => {
            throw Object.assign(new Error('Someone else has worked on this case.'), {
              statusCode: 403,
            });
          },
        }),
      ).rejects.toThrow('Someone else has worked on this case.');

      // Then the case runs on as it was: its check offered, its timer and wait in place.
      expect((await detail(lucas, instanceId)).status).toBe('On-going');
      expect(await list(amara, TaskPath.candidate)).toMatchObject({ ids: [check.id] });
      expect(await tableOf(instanceId)).toHaveLength(2);
      const withdrawals = await suite.server.database.db
        .selectFrom('process_history')
        .select('id')
        .where('instance_id', '=', instanceId)
        .where('event', '=', 'processWithdrawn')
        .execute();
      expect(withdrawals).toEqual([]);
    });
  });

  describe('what is refused before anything is read', () => {
    it('given a missing, blank, too long or extra reason or a bad id, when withdrawing, then 400 names the problem; an unknown id is a 404', async () => {
      const { instanceId } = await startedCase('Dock loan');
      const problems = async (body: unknown, id = instanceId) => {
        const response = await withdraw(lucas, id, body);
        expect(response.statusCode, response.body).toBe(400);
        const error = response.json<ErrorBody>();
        expect(error.code).toBe('VALIDATION_ERROR');
        return (error.details ?? []).map((detail) => `${detail.path} ${detail.code}`);
      };

      expect(await problems({})).toEqual(['body.reason required']);
      expect(await problems({ reason: '' })).toEqual(['body.reason minLength']);
      expect(await problems({ reason: ' \n\t ' })).toEqual(['body.reason required']);
      expect(await problems({ reason: 'x'.repeat(WITHDRAW_REASON_MAX + 1) })).toEqual([
        'body.reason maxLength',
      ]);
      expect(await problems({ reason: 'Fine', force: true })).toEqual([
        'body.force additionalProperties',
      ]);
      expect(await problems({ reason: 42 })).toEqual(['body.reason type']);
      // An id longer than any instance's is refused by the router itself.
      const tooLong = await withdraw(lucas, 'x'.repeat(101), { reason: 'Fine' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
      const unknown = await withdraw(lucas, 'no-such-instance', { reason: 'Fine' });
      expect(unknown.statusCode).toBe(404);

      // The longest reason allowed is taken, and nothing above changed the case.
      expect((await detail(lucas, instanceId)).status).toBe('On-going');
      const longest = 'é'.repeat(WITHDRAW_REASON_MAX);
      const response = await withdraw(lucas, instanceId, { reason: longest });
      expect(response.statusCode, response.body).toBe(200);
      expect((await detail(lucas, instanceId)).withdrawal?.reason).toBe(longest);
    });
  });

  describe('what the pages are offered', () => {
    it('given a case whose check four eyes keep from its starter, when the instance tasks and the task page are read, then the starter may not claim it and a colleague may', async () => {
      const { instanceId, prepare, check } = await startedCase('Cove loan');
      const tasksOf = async (client: IdentityClient) => {
        const response = await call(client, 'POST', TaskPath.queryByInstance, {
          processInstanceId: instanceId,
        });
        expect(response.statusCode, response.body).toBe(200);
        return Object.fromEntries(
          response
            .json<InstanceTasksAnswer>()
            .data.map((task) => [task.id, task.permissions] as const),
        );
      };

      // The starter: his own step to do, the check not his to take.
      expect(await tasksOf(lucas)).toEqual({
        [prepare.id]: { canClaim: false, canComplete: true },
        [check.id]: { canClaim: false, canComplete: false },
      });
      // A colleague: the check is his to take, the starter's step is not his.
      expect(await tasksOf(javier)).toEqual({
        [prepare.id]: { canClaim: false, canComplete: false },
        [check.id]: { canClaim: true, canComplete: false },
      });

      // The task page says why, as the code the server would refuse the claim with.
      const refusals = async (client: IdentityClient, taskId: string) =>
        (await call(client, 'GET', TaskPath.detail(taskId))).json<TaskDetail>().refusals;
      expect(await refusals(lucas, check.id)).toEqual({
        claim: 'SEGREGATION_OF_DUTIES',
        complete: 'FORBIDDEN',
      });
      expect(await refusals(claire, check.id)).toEqual({
        claim: 'FORBIDDEN',
        complete: 'FORBIDDEN',
      });
      expect(await refusals(javier, check.id)).toEqual({ claim: null, complete: 'FORBIDDEN' });
      expect(await refusals(lucas, prepare.id)).toEqual({ claim: null, complete: null });
      expect(await refusals(javier, prepare.id)).toEqual({
        claim: 'TASK_ALREADY_CLAIMED',
        complete: 'FORBIDDEN',
      });

      // Once Javier claimed the check, it is his to complete.
      expect((await call(javier, 'PUT', TaskPath.claim(check.id))).statusCode).toBe(200);
      expect((await tasksOf(javier))[check.id]).toEqual({ canClaim: false, canComplete: true });
      expect(await refusals(javier, check.id)).toEqual({ claim: null, complete: null });
    });
  });

  describe('the history keeps it', () => {
    it('given one onboarding completed and one withdrawn, when the customer report is read, then it lists the completed one only, and the withdrawn one keeps its history', async () => {
      const { engine } = suite.server.app;
      await engine.deploy(TENANT, ONE_STEP_ONBOARDING);
      const start = async (name: string) => {
        const instance = await engine.startProcess(TENANT, {
          key: 'customerOnboarding',
          startedBy: 'lmartin',
          name,
        });
        const [step] = await engine.listInstanceTasks(TENANT, instance.id, { completed: false });
        if (!step) throw new Error('The onboarding has no step.');
        return { id: instance.id, step };
      };
      const completed = await start('Ada Lovelace');
      await engine.completeTask(TENANT, completed.step.id, { userId: 'lmartin' });
      const withdrawn = await start('Grace Hopper');
      const response = await withdraw(lucas, withdrawn.id, { reason: 'The customer withdrew.' });
      expect(response.statusCode, response.body).toBe(200);

      const report = await call(claire, 'GET', `${ReportPath.list('customer')}?lang=en`);
      expect(report.statusCode, report.body).toBe(200);
      expect(report.json<ReportListAnswer>().result.map((row) => row.id)).toEqual([completed.id]);
      const gone = await call(claire, 'GET', `${ReportPath.detail('customer', withdrawn.id)}`);
      expect(gone.statusCode).toBe(404);

      // The history has who withdrew it and why; the instance page reads it from there.
      const history = await suite.server.database.db
        .selectFrom('process_history')
        .select(['event', 'actor', 'payload'])
        .where('instance_id', '=', withdrawn.id)
        .where('event', 'in', ['processWithdrawn', 'taskCancelled'])
        .orderBy('id')
        .execute();
      expect(history).toEqual([
        {
          event: 'processWithdrawn',
          actor: 'lmartin',
          payload: { reason: 'The customer withdrew.' },
        },
        {
          event: 'taskCancelled',
          actor: null,
          payload: { elementId: 'welcome', reason: 'withdrawn' },
        },
      ]);
      expect((await detail(claire, withdrawn.id)).withdrawal).toMatchObject({
        by: { id: 'lmartin' },
        reason: 'The customer withdrew.',
      });
    });
  });
});
