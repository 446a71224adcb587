import { beforeAll, describe, expect, it } from 'vitest';
import { NotificationPath, type NotificationSummary } from '../../schemas/api/notifications';
import { TaskPath, type ReassignBody, type TaskListAnswer } from '../../schemas/api/tasks';
import {
  call,
  deployKit,
  EMAIL,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';

describe('notifications', () => {
  const suite = setUpTestServer();
  let maria: IdentityClient;
  let lucas: IdentityClient;
  let amara: IdentityClient;
  let priya: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    ({ maria, lucas, amara, priya, ana } = await signInDemoStaff(suite.server));
  });

  const summary = async (client: IdentityClient, userId: string): Promise<NotificationSummary> => {
    const response = await call(client, 'GET', NotificationPath.summary(userId));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<NotificationSummary>();
  };
  const candidateTaskIds = (answer: NotificationSummary) =>
    answer.candidateTasks.notificationData.map((entry) => entry.taskId);
  const assignedTaskIds = (answer: NotificationSummary) =>
    answer.assignedTasks.notificationData.map((entry) => entry.taskId);

  it('given a new pool task, when its group members look, then each has a candidate notification naming the group', async () => {
    const task = await makeTask(suite.server, {
      name: 'Onboard Hana',
      candidateGroups: ['onboarding'],
    });
    for (const [client, id] of [
      [amara, 'aokafor'],
      [priya, 'pnair'],
    ] as const) {
      const answer = await summary(client, id);
      const entry = answer.candidateTasks.notificationData.find((item) => item.taskId === task.id);
      expect(entry).toMatchObject({
        taskName: 'Onboard Hana',
        groupName: 'Customer onboarding',
        processName: 'Alpha review',
      });
      expect(answer.candidateTasks.count).toBe(answer.candidateTasks.notificationData.length);
    }
    expect(candidateTaskIds(await summary(lucas, 'lmartin'))).not.toContain(task.id);
  });

  it('given a task offered to one user directly, when they look, then the notification has no group', async () => {
    const task = await makeTask(suite.server, {
      name: 'Just for Lucas',
      candidateUsers: ['lmartin'],
      candidateGroups: ['loan-officers'],
    });
    const entry = (await summary(lucas, 'lmartin')).candidateTasks.notificationData.find(
      (item) => item.taskId === task.id,
    );
    expect(entry?.groupName).toBeNull();
    expect(
      (await summary(amara, 'aokafor')).candidateTasks.notificationData.find(
        (item) => item.taskId === task.id,
      )?.groupName,
    ).toBe('Loan officers');
  });

  it('given a pool task, when one candidate claims it, then it leaves every candidate’s bell and the claimer gets no notice', async () => {
    const task = await makeTask(suite.server, {
      name: 'Claimed quickly',
      candidateGroups: ['loan-officers'],
    });
    expect(candidateTaskIds(await summary(lucas, 'lmartin'))).toContain(task.id);
    expect((await call(amara, 'PUT', TaskPath.claim(task.id))).statusCode).toBe(200);
    expect(candidateTaskIds(await summary(lucas, 'lmartin'))).not.toContain(task.id);
    const amaras = await summary(amara, 'aokafor');
    expect(candidateTaskIds(amaras)).not.toContain(task.id);
    expect(assignedTaskIds(amaras)).not.toContain(task.id);
  });

  it('given a task assigned at creation or by reassignment, when the assignee looks, then an assigned notification is there', async () => {
    const direct = await makeTask(suite.server, { name: 'Straight to Lucas', assignee: 'lmartin' });
    expect(assignedTaskIds(await summary(lucas, 'lmartin'))).toContain(direct.id);
    const moved = await makeTask(suite.server, {
      name: 'Moved to Javier',
      assignee: 'lmartin',
      candidateGroups: ['loan-officers'],
    });
    const body: ReassignBody = {
      fromUser: 'lmartin',
      toUser: 'jmorales',
      taskId: moved.id,
      processInstanceId: moved.instanceId,
      comment: 'Yours now',
      userId: 'mgarcia',
      taskName: 'Moved to Javier',
    };
    expect((await call(maria, 'PUT', TaskPath.reassign, body)).statusCode).toBe(200);
    const javier = await signIn(suite.server, EMAIL.jmorales);
    expect(assignedTaskIds(await summary(javier, 'jmorales'))).toContain(moved.id);
    expect(assignedTaskIds(await summary(lucas, 'lmartin'))).not.toContain(moved.id);
  });

  it('given notifications, when marking some read, then they leave the summary and others’ ids are untouched', async () => {
    const first = await makeTask(suite.server, { name: 'Read me 1', assignee: 'lmartin' });
    const second = await makeTask(suite.server, { name: 'Read me 2', assignee: 'lmartin' });
    const before = await summary(lucas, 'lmartin');
    const idOf = (taskId: string) =>
      before.assignedTasks.notificationData.find((entry) => entry.taskId === taskId)?.id ?? 0;
    const amaraTask = await makeTask(suite.server, { name: 'Amara’s', assignee: 'aokafor' });
    const amaraId =
      (await summary(amara, 'aokafor')).assignedTasks.notificationData.find(
        (entry) => entry.taskId === amaraTask.id,
      )?.id ?? 0;
    const response = await call(lucas, 'PUT', NotificationPath.read, {
      notificationIds: [idOf(first.id), amaraId],
    });
    expect(response.json()).toEqual({ result: { updated: 1 } });
    const after = await summary(lucas, 'lmartin');
    expect(assignedTaskIds(after)).not.toContain(first.id);
    expect(assignedTaskIds(after)).toContain(second.id);
    expect(after.assignedTasks.count).toBe(before.assignedTasks.count - 1);
    expect(assignedTaskIds(await summary(amara, 'aokafor'))).toContain(amaraTask.id);
  });

  it('given a new task, when its assignee opens it, then the new marker and its notification go', async () => {
    const task = await makeTask(suite.server, { name: 'Open me', assignee: 'lmartin' });
    const isNew = async () =>
      (await call(lucas, 'POST', TaskPath.assigned, { page: 0, size: 200 }))
        .json<TaskListAnswer>()
        .content.find((row) => row.taskId === task.id)?.isNew;
    expect(await isNew()).toBe(true);
    // Someone else opening it changes nothing.
    expect((await call(maria, 'PUT', NotificationPath.started(task.id))).json()).toEqual({
      result: { taskId: task.id, isNew: true },
    });
    expect(await isNew()).toBe(true);
    expect((await call(lucas, 'PUT', NotificationPath.started(task.id))).json()).toEqual({
      result: { taskId: task.id, isNew: false },
    });
    expect(await isNew()).toBe(false);
    expect(assignedTaskIds(await summary(lucas, 'lmartin'))).not.toContain(task.id);
    expect((await call(ana, 'PUT', NotificationPath.started(task.id))).statusCode).toBe(404);
  });

  it('given a completed task, when its assignee looks, then its notification is gone', async () => {
    const task = await makeTask(suite.server, {
      name: 'Done soon',
      assignee: 'lmartin',
      startedBy: 'mgarcia',
    });
    expect((await call(lucas, 'POST', TaskPath.complete(task.id), { values: {} })).statusCode).toBe(
      200,
    );
    expect(assignedTaskIds(await summary(lucas, 'lmartin'))).not.toContain(task.id);
  });

  it('given someone else’s id, when asking for their notifications, then 403; and the acme user sees none of internal', async () => {
    expect((await call(lucas, 'GET', NotificationPath.summary('aokafor'))).statusCode).toBe(403);
    expect((await call(ana, 'GET', NotificationPath.summary('lmartin'))).statusCode).toBe(403);
    const acme = await summary(ana, 'acme-asouza');
    expect(acme.assignedTasks.count + acme.candidateTasks.count).toBe(0);
  });

  it('given malformed read requests, when sent, then 400', async () => {
    for (const body of [
      {},
      { notificationIds: [] },
      { notificationIds: ['1'] },
      { notificationIds: [0] },
      { notificationIds: [1, 1] },
    ]) {
      expect(
        (await call(lucas, 'PUT', NotificationPath.read, body)).statusCode,
        JSON.stringify(body),
      ).toBe(400);
    }
  });
});
