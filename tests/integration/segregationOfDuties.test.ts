import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../schemas/api/common';
import {
  TaskPath,
  type BulkReassignAnswer,
  type ReassignBody,
  type TaskDetail,
  type TaskListAnswer,
} from '../../schemas/api/tasks';
import { UserPath, type UsersAnswer } from '../../schemas/api/users';
import type { Task } from '../../server/engine';
import {
  deployFixtureProcess,
  openTaskOf,
  VALID_APPLICATION,
} from '../../server/forms/testing/formTestKit';
import { call, clearInstances, deployKit } from '../../server/workflow/testing/taskTestKit';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';
import type { IdentityClient } from './identityClient';

const TENANT = 'internal';
const SEGREGATED = 'SEGREGATION_OF_DUTIES';

/**
 * A case in four steps, all offered to the loan officers: someone prepares it, then a
 * decision and a verification run side by side. The decision may be made neither by whoever
 * prepared the case nor by whoever started it; the verification by nobody who completed any
 * task of the case. The steps use the task kit's form, so completions go through the real
 * form check.
 */
const FOUR_EYES_CASE = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:camunda="http://camunda.org/schema/1.0/bpmn" id="fourEyes" targetNamespace="tests">
  <process id="fourEyesCase" name="Four-eyes case" isExecutable="true">
    <startEvent id="start" camunda:initiator="initiator" />
    <sequenceFlow id="toPrepare" sourceRef="start" targetRef="prepare" />
    <userTask id="prepare" name="Prepare \${caseName}" camunda:formKey="kit-form"
      camunda:candidateGroups="loan-officers" />
    <sequenceFlow id="toFork" sourceRef="prepare" targetRef="fork" />
    <parallelGateway id="fork" />
    <sequenceFlow id="toDecide" sourceRef="fork" targetRef="decide" />
    <sequenceFlow id="toVerify" sourceRef="fork" targetRef="verify" />
    <userTask id="decide" name="Decide \${caseName}" camunda:formKey="kit-form"
      camunda:candidateGroups="loan-officers"
      camunda:excludePerformersOf="prepare" camunda:excludeInitiator="true" />
    <userTask id="verify" name="Verify \${caseName}" camunda:formKey="kit-form"
      camunda:candidateGroups="loan-officers" camunda:excludeAnyPerformer="true" />
    <sequenceFlow id="decided" sourceRef="decide" targetRef="join" />
    <sequenceFlow id="verified" sourceRef="verify" targetRef="join" />
    <parallelGateway id="join" />
    <sequenceFlow id="toEnd" sourceRef="join" targetRef="end" />
    <endEvent id="end" />
  </process>
</definitions>`;

/** The open decision and verification of a case, once it is prepared. */
interface PreparedCase {
  readonly instanceId: string;
  readonly decide: Task;
  readonly verify: Task;
}

describe('segregation of duties (four eyes)', () => {
  const suite = setUpTestServer();
  let maria: IdentityClient;
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let javier: IdentityClient;
  let claire: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    await suite.server.app.engine.deploy(TENANT, FOUR_EYES_CASE);
    await deployFixtureProcess(suite.server, 'loan-application.bpmn', TENANT);
    ({ maria, lucas, amara, javier, claire } = await signInDemoStaff(suite.server));
  });

  // Each test counts candidate tasks from an empty tenant.
  beforeEach(async () => {
    await clearInstances(suite.server);
  });

  /** Starts a case as `startedBy` and has `preparedBy` claim and complete its first step. */
  async function preparedCase(
    caseName: string,
    startedBy: string,
    preparedBy: string,
  ): Promise<PreparedCase> {
    const { engine } = suite.server.app;
    const instance = await engine.startProcess(TENANT, {
      key: 'fourEyesCase',
      startedBy,
      variables: { caseName },
    });
    const prepare = await openTaskOf(suite.server, instance.id);
    await engine.claimTask(TENANT, prepare.id, preparedBy);
    await engine.completeTask(TENANT, prepare.id, { userId: preparedBy, outcome: 'approve' });
    const open = await engine.listInstanceTasks(TENANT, instance.id, { completed: false });
    const step = (elementId: string): Task => {
      const found = open.find((task) => task.elementId === elementId);
      if (!found) throw new Error(`The case has no open ${elementId}.`);
      return found;
    };
    return { instanceId: instance.id, decide: step('decide'), verify: step('verify') };
  }

  const candidateList = async (client: IdentityClient): Promise<TaskListAnswer> => {
    const response = await call(client, 'POST', TaskPath.candidate, { page: 0, size: 20 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TaskListAnswer>();
  };

  const candidateNames = async (client: IdentityClient): Promise<string[]> => {
    const answer = await candidateList(client);
    // The counters say what the page shows: a task kept from the user is not counted either.
    expect([answer.totalHeadCount, answer.totalAll, answer.totalCount]).toEqual([
      answer.content.length,
      answer.content.length,
      answer.content.length,
    ]);
    return answer.content.map((row) => row.taskName).sort();
  };

  const assigneeOf = async (taskId: string): Promise<string | null> =>
    (await suite.server.app.engine.getTask(TENANT, taskId)).assignee;

  const reassignable = async (client: IdentityClient, taskId: string): Promise<string[]> => {
    const response = await call(client, 'GET', UserPath.reassignable(taskId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UsersAnswer>().result.content.map((user) => user.id);
  };

  const bulkReassignable = async (taskIds: string[]): Promise<string[]> => {
    const response = await call(maria, 'POST', UserPath.bulkReassignable, { taskIds });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<UsersAnswer>().result.content.map((user) => user.id);
  };

  const reassignBody = (task: Task, fromUser: string, toUser: string): ReassignBody => ({
    taskId: task.id,
    fromUser,
    toUser,
    comment: '',
    processInstanceId: task.instanceId,
    userId: 'mgarcia',
    taskName: task.name,
  });

  describe('claim and the candidate list', () => {
    it('given a case Amara started and Lucas prepared, when the officers look for its decision, then neither of them sees or may claim it, and Javier may', async () => {
      // Given the case, prepared by Lucas after Amara started it.
      const { decide, verify } = await preparedCase('Harbour loan', 'aokafor', 'lmartin');

      // When each officer lists the tasks they may claim.
      // Then the starter sees only the verification, the preparer neither step, Javier both.
      expect(await candidateNames(amara)).toEqual(['Verify Harbour loan']);
      expect(await candidateNames(lucas)).toEqual([]);
      expect(await candidateNames(javier)).toEqual(['Decide Harbour loan', 'Verify Harbour loan']);

      // And the task page offers the claim to Javier only.
      const detail = async (client: IdentityClient) =>
        (await call(client, 'GET', TaskPath.detail(decide.id))).json<TaskDetail>().permissions;
      expect(await detail(lucas)).toMatchObject({ canClaim: false, canComplete: false });
      expect(await detail(amara)).toMatchObject({ canClaim: false });
      expect(await detail(javier)).toMatchObject({ canClaim: true });

      // When the preparer and the starter claim the decision, then both are refused as such.
      for (const client of [lucas, amara]) {
        const refused = await call(client, 'PUT', TaskPath.claim(decide.id));
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json<ErrorBody>().code).toBe(SEGREGATED);
      }
      // Someone who is no candidate at all is refused for that, not for four eyes.
      const outsider = await call(claire, 'PUT', TaskPath.claim(decide.id));
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json<ErrorBody>().code).toBe('FORBIDDEN');
      // The preparer may not take the verification either: he already acted on the case.
      const verifying = await call(lucas, 'PUT', TaskPath.claim(verify.id));
      expect(verifying.json<ErrorBody>().code).toBe(SEGREGATED);
      expect(await assigneeOf(decide.id)).toBeNull();

      // When Javier claims it, then it is his.
      const claimed = await call(javier, 'PUT', TaskPath.claim(decide.id));
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(await assigneeOf(decide.id)).toBe('jmorales');
    });

    it('given the demo loan application Lucas started and filled in, when he claims its review, then he is refused and a colleague may take it', async () => {
      // Given Lucas's own application, submitted.
      const { engine } = suite.server.app;
      const instance = await engine.startProcess(TENANT, {
        key: 'loanApplication',
        startedBy: 'lmartin',
        variables: { applicantName: 'Ada Lovelace' },
      });
      const application = await openTaskOf(suite.server, instance.id);
      await engine.completeTask(TENANT, application.id, {
        userId: 'lmartin',
        variables: VALID_APPLICATION,
      });
      const review = await openTaskOf(suite.server, instance.id);

      // When Lucas claims the review, then four eyes refuse it; when Javier does, it is his.
      expect(await candidateNames(lucas)).toEqual([]);
      const refused = await call(lucas, 'PUT', TaskPath.claim(review.id));
      expect(refused.json<ErrorBody>()).toMatchObject({ code: SEGREGATED });
      expect(await candidateNames(javier)).toEqual(['Review the application of Ada Lovelace']);
      expect((await call(javier, 'PUT', TaskPath.claim(review.id))).statusCode).toBe(200);
    });
  });

  describe('assign and reassign', () => {
    it('given a decision Javier holds, when María reassigns it, then the preparer and the starter are not offered and are refused, and another officer takes it', async () => {
      // Given the decision of a case Amara started and Lucas prepared, claimed by Javier.
      const { decide } = await preparedCase('Mill loan', 'aokafor', 'lmartin');
      await suite.server.app.engine.claimTask(TENANT, decide.id, 'jmorales');

      // When María lists whom it may go to, then neither the preparer nor the starter.
      const people = await reassignable(maria, decide.id);
      expect(people).toContain('tbernard');
      expect(people).not.toContain('lmartin');
      expect(people).not.toContain('aokafor');

      // When she reassigns it to Lucas anyway, then four eyes refuse it and nothing moves.
      const refused = await call(
        maria,
        'PUT',
        TaskPath.reassign,
        reassignBody(decide, 'jmorales', 'lmartin'),
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<ErrorBody>().code).toBe(SEGREGATED);
      expect(await assigneeOf(decide.id)).toBe('jmorales');

      // When she gives it to Théo, then it moves.
      const moved = await call(
        maria,
        'PUT',
        TaskPath.reassign,
        reassignBody(decide, 'jmorales', 'tbernard'),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      expect(await assigneeOf(decide.id)).toBe('tbernard');
    });

    it('given the engine asked directly (as the demo seed does), when it would give the decision to its preparer, then the change is rolled back', async () => {
      const { engine } = suite.server.app;
      const { decide } = await preparedCase('Quay loan', 'aokafor', 'lmartin');
      await engine.claimTask(TENANT, decide.id, 'jmorales');

      // When assigned to the preparer, or claimed by the starter, then refused and unchanged.
      await expect(
        engine.assignTask(TENANT, decide.id, { assignee: 'lmartin', actor: 'mgarcia' }),
      ).rejects.toMatchObject({ statusCode: 403, code: SEGREGATED });
      expect(await assigneeOf(decide.id)).toBe('jmorales');
      const other = await preparedCase('Pier loan', 'aokafor', 'lmartin');
      await expect(engine.claimTask(TENANT, other.decide.id, 'aokafor')).rejects.toMatchObject({
        code: SEGREGATED,
      });
      expect(await assigneeOf(other.decide.id)).toBeNull();

      // And anyone else may still be given it.
      await engine.assignTask(TENANT, decide.id, { assignee: 'tbernard', actor: 'mgarcia' });
      expect(await assigneeOf(decide.id)).toBe('tbernard');
    });

    it('given decisions Lucas prepared and one he did not, when María bulk reassigns, then he is offered only where he may act and the others are refused as four eyes', async () => {
      // Given two decisions Lucas prepared and one Javier prepared, all held by officers.
      const first = await preparedCase('Dock loan', 'aokafor', 'lmartin');
      const second = await preparedCase('Wharf loan', 'aokafor', 'lmartin');
      const third = await preparedCase('Jetty loan', 'jmorales', 'jmorales');
      const { engine } = suite.server.app;
      await engine.claimTask(TENANT, first.decide.id, 'jmorales');
      await engine.claimTask(TENANT, second.decide.id, 'jmorales');
      await engine.claimTask(TENANT, third.decide.id, 'aokafor');

      // When María lists the people of the two Lucas prepared, then he is not among them.
      const forHisOwn = await bulkReassignable([first.decide.id, second.decide.id]);
      expect(forHisOwn).toContain('tbernard');
      expect(forHisOwn).not.toContain('lmartin');
      expect(forHisOwn).not.toContain('aokafor');
      // With the third in the selection he is offered: one of the tasks may go to him.
      expect(await bulkReassignable([first.decide.id, third.decide.id])).toContain('lmartin');

      // When she moves all three to him, then only the third moves; the others say why.
      const response = await call(maria, 'PATCH', TaskPath.bulkReassign, {
        taskDetails: [
          { fromUserId: 'jmorales', taskId: first.decide.id },
          { fromUserId: 'jmorales', taskId: second.decide.id },
          { fromUserId: 'aokafor', taskId: third.decide.id },
        ],
        toUserId: 'lmartin',
      });
      expect(response.statusCode, response.body).toBe(200);
      const { result } = response.json<BulkReassignAnswer>();
      expect(result.noOfTasksReassigned).toBe(1);
      expect(result.failures).toEqual([
        { taskId: first.decide.id, code: SEGREGATED },
        { taskId: second.decide.id, code: SEGREGATED },
      ]);
      expect(await assigneeOf(first.decide.id)).toBe('jmorales');
      expect(await assigneeOf(second.decide.id)).toBe('jmorales');
      expect(await assigneeOf(third.decide.id)).toBe('lmartin');
    });
  });

  describe('complete', () => {
    it('given Javier holds the verification and then decides the case, when he completes the verification, then it is refused, and whoever María gives it to completes the case', async () => {
      // Given Javier took the verification before he had done anything on the case.
      const { instanceId, decide, verify } = await preparedCase('Lock loan', 'aokafor', 'lmartin');
      expect((await call(javier, 'PUT', TaskPath.claim(verify.id))).statusCode).toBe(200);
      // And then claimed and made the decision, which he may.
      expect((await call(javier, 'PUT', TaskPath.claim(decide.id))).statusCode).toBe(200);
      const decided = await call(javier, 'POST', TaskPath.complete(decide.id), {
        outcome: 'approve',
        values: { note: 'Fine' },
      });
      expect(decided.statusCode, decided.body).toBe(200);

      // When he completes the verification, then four eyes refuse it and it stays open.
      const detail = (await call(javier, 'GET', TaskPath.detail(verify.id))).json<TaskDetail>();
      expect(detail.permissions.canComplete).toBe(false);
      const refused = await call(javier, 'POST', TaskPath.complete(verify.id), {
        outcome: 'approve',
        values: {},
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json<ErrorBody>().code).toBe(SEGREGATED);
      const task = await suite.server.app.engine.getTask(TENANT, verify.id);
      expect([task.state, task.assignee]).toEqual(['open', 'jmorales']);

      // When María moves it, then whoever acted on the case is not offered; Amara (who only
      // started it) is, and her completion ends the case.
      const people = await reassignable(maria, verify.id);
      expect(people).toContain('aokafor');
      expect(people).not.toContain('lmartin');
      expect(await reassignable(maria, verify.id)).not.toContain('jmorales');
      const moved = await call(
        maria,
        'PUT',
        TaskPath.reassign,
        reassignBody(verify, 'jmorales', 'aokafor'),
      );
      expect(moved.statusCode, moved.body).toBe(200);
      const done = await call(amara, 'POST', TaskPath.complete(verify.id), {
        outcome: 'approve',
        values: {},
      });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({
        result: { processInstanceId: instanceId, processStatus: 'Completed' },
      });
    });
  });
});
