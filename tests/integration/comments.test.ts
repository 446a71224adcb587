import { beforeAll, describe, expect, it } from 'vitest';
import {
  CommentPath,
  type AddCommentBody,
  type CommentAvailabilityAnswer,
  type CommentsAnswer,
} from '../../schemas/api/comments';
import { TaskPath } from '../../schemas/api/tasks';
import { call, deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';

describe('comments', () => {
  const suite = setUpTestServer();
  let maria: IdentityClient;
  let lucas: IdentityClient;
  let priya: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    ({ maria, lucas, priya, ana } = await signInDemoStaff(suite.server));
  });

  const add = (client: IdentityClient, body: AddCommentBody) =>
    call(client, 'POST', CommentPath.add, body);
  const comments = async (client: IdentityClient, instanceId: string) =>
    (await call(client, 'GET', CommentPath.ofInstance(instanceId))).json<CommentsAnswer>().result;
  const availability = async (client: IdentityClient, taskIds: string[]) =>
    (
      await call(client, 'POST', CommentPath.availability, { taskIds })
    ).json<CommentAvailabilityAnswer>().result;

  it('given a team task, when its assignee comments, then the comment is trimmed and stored with the task’s own name', async () => {
    const task = await makeTask(suite.server, { name: 'Commented case', assignee: 'lmartin' });
    const response = await add(lucas, {
      taskName: 'a stale name',
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: '   Payslips arrive tomorrow.  ',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      result: {
        processInstanceId: task.instanceId,
        taskId: task.id,
        taskName: 'Commented case',
        userId: 'lmartin',
        userName: 'Lucas Martin',
        comment: 'Payslips arrive tomorrow.',
        isReassigned: false,
        isRead: true,
        reassigneeName: null,
      },
    });
  });

  it('given comments, when the supervisor opens them, then they are unread once and read afterwards, newest first', async () => {
    const task = await makeTask(suite.server, { name: 'Read state', assignee: 'lmartin' });
    await add(lucas, {
      taskName: '',
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: 'first',
    });
    await add(lucas, {
      taskName: '',
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: 'second',
    });
    expect(await availability(maria, [task.id])).toEqual([
      { taskId: task.id, commentAvailable: true, read: false },
    ]);
    const firstLook = await comments(maria, task.instanceId);
    expect(firstLook.map((comment) => [comment.comment, comment.isRead])).toEqual([
      ['second', false],
      ['first', false],
    ]);
    expect((await comments(maria, task.instanceId)).every((comment) => comment.isRead)).toBe(true);
    expect(await availability(maria, [task.id])).toEqual([
      { taskId: task.id, commentAvailable: true, read: true },
    ]);
    // The author has read their own.
    expect(await availability(lucas, [task.id])).toEqual([
      { taskId: task.id, commentAvailable: true, read: true },
    ]);
  });

  it('given a reassignment, when the comments are read, then it shows as a reassignment with the new assignee', async () => {
    const task = await makeTask(suite.server, {
      name: 'Reassigned case',
      assignee: 'lmartin',
      candidateGroups: ['loan-officers'],
    });
    await call(maria, 'PUT', TaskPath.reassign, {
      fromUser: 'lmartin',
      toUser: 'jmorales',
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: '',
      userId: 'mgarcia',
      taskName: 'Reassigned case',
    });
    const [entry] = await comments(maria, task.instanceId);
    expect(entry).toMatchObject({
      isReassigned: true,
      reassigneeName: 'Javier Morales',
      comment: '',
      userName: 'María García',
    });
    // A reassignment without text is not a comment with text.
    expect(await availability(maria, [task.id])).toEqual([
      { taskId: task.id, commentAvailable: false, read: true },
    ]);
  });

  it('given bad comments, when added, then 400 for text and mismatches, 403 and 404 for tasks one may not see', async () => {
    const task = await makeTask(suite.server, {
      name: 'Guarded comments',
      assignee: 'lmartin',
      startedBy: 'lmartin',
    });
    const body = { taskName: 'x', taskId: task.id, processInstanceId: task.instanceId };
    expect((await add(lucas, { ...body, comment: '    ' })).statusCode).toBe(400);
    expect((await add(lucas, { ...body, comment: 'z'.repeat(251) })).statusCode).toBe(400);
    expect((await add(lucas, { ...body, comment: ` ${'z'.repeat(250)} ` })).statusCode).toBe(200);
    expect(
      (await add(lucas, { ...body, processInstanceId: 'other', comment: 'hi' })).statusCode,
    ).toBe(400);
    expect(
      (await call(lucas, 'POST', CommentPath.add, { taskId: task.id, comment: 'hi' })).statusCode,
    ).toBe(400);
    expect((await add(priya, { ...body, comment: 'not mine to see' })).statusCode).toBe(403);
    expect((await add(ana, { ...body, comment: 'other tenant' })).statusCode).toBe(404);
    expect((await call(priya, 'GET', CommentPath.ofInstance(task.instanceId))).statusCode).toBe(
      403,
    );
    expect((await call(ana, 'GET', CommentPath.ofInstance(task.instanceId))).statusCode).toBe(404);
  });

  it('given tasks one may not see or that do not exist, when asking availability, then they answer like tasks without comments', async () => {
    const task = await makeTask(suite.server, {
      name: 'Hidden comments',
      assignee: 'lmartin',
      startedBy: 'lmartin',
    });
    await add(lucas, {
      taskName: '',
      taskId: task.id,
      processInstanceId: task.instanceId,
      comment: 'secret',
    });
    expect(await availability(priya, [task.id, 'missing'])).toEqual([
      { taskId: task.id, commentAvailable: false, read: true },
      { taskId: 'missing', commentAvailable: false, read: true },
    ]);
    expect(await availability(ana, [task.id])).toEqual([
      { taskId: task.id, commentAvailable: false, read: true },
    ]);
    const tooMany = Array.from({ length: 201 }, (_, index) => `t${index}`);
    expect(
      (await call(lucas, 'POST', CommentPath.availability, { taskIds: tooMany })).statusCode,
    ).toBe(400);
    expect((await call(lucas, 'POST', CommentPath.availability, { taskIds: [] })).statusCode).toBe(
      400,
    );
  });
});
