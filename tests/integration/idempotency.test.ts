import { beforeAll, describe, expect, it } from 'vitest';
import { CommentPath, type AddCommentBody } from '../../schemas/api/comments';
import type { ErrorBody } from '../../schemas/api/common';
import { FormPath } from '../../schemas/api/forms';
import { ProcessPath } from '../../schemas/api/processes';
import { TaskPath } from '../../schemas/api/tasks';
import { sweepIdempotencyKeys } from '../../server/idempotency/idempotentWrite';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';

describe('writes sent with an Idempotency-Key', () => {
  const suite = setUpTestServer();
  let lucas: IdentityClient;
  let javier: IdentityClient;
  let priya: IdentityClient;

  beforeAll(async () => {
    await deployKit(suite.server);
    ({ lucas, javier, priya } = await signInDemoStaff(suite.server));
  });

  const send = (
    client: IdentityClient,
    method: 'POST' | 'PUT',
    url: string,
    body: unknown,
    key?: string,
  ) =>
    client.request({
      method,
      url,
      body,
      headers: key === undefined ? {} : { 'idempotency-key': key },
    });

  const commentOn = (
    task: { id: string; instanceId: string },
    comment: string,
  ): AddCommentBody => ({
    taskName: '',
    taskId: task.id,
    processInstanceId: task.instanceId,
    comment,
  });

  const commentTexts = async (instanceId: string) =>
    (
      await suite.server.database.db
        .selectFrom('task_comments')
        .select('comment')
        .where('instance_id', '=', instanceId)
        .execute()
    ).map((row) => row.comment);

  const keyRows = (key: string) =>
    suite.server.database.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .execute();

  it('given a comment added with a key, when the same request is sent again, then the recorded answer comes back marked as a replay and the comment is stored once', async () => {
    const task = await makeTask(suite.server, { name: 'Replayed comment', assignee: 'lmartin' });
    const body = commentOn(task, 'Payslips arrive tomorrow.');

    const first = await send(lucas, 'POST', CommentPath.add, body, 'comment-replay-1');
    const again = await send(lucas, 'POST', CommentPath.add, body, 'comment-replay-1');

    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await commentTexts(task.instanceId)).toEqual(['Payslips arrive tomorrow.']);
  });

  it('given a completion with a key, when it is retried, then the same answer comes back and the instance moved on once; without a key the repeat is a conflict', async () => {
    const task = await makeTask(suite.server, { name: 'Replayed completion', assignee: 'lmartin' });
    const body = { outcome: 'approve', values: { amount: 1200 } };

    const first = await send(lucas, 'POST', TaskPath.complete(task.id), body, 'complete-1');
    const again = await send(lucas, 'POST', TaskPath.complete(task.id), body, 'complete-1');
    const unkeyed = await send(lucas, 'POST', TaskPath.complete(task.id), body);

    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(unkeyed.statusCode).toBe(409);
    const tasks = await suite.server.database.db
      .selectFrom('tasks')
      .select(['element_id', 'state'])
      .where('instance_id', '=', task.instanceId)
      .orderBy('created_at')
      .execute();
    expect(tasks).toEqual([
      { element_id: 'work', state: 'completed' },
      { element_id: 'followUp', state: 'open' },
    ]);
  });

  it('given a draft saved with a key, when the same save is retried, then it is replayed', async () => {
    const task = await makeTask(suite.server, { name: 'Replayed draft', assignee: 'lmartin' });
    const body = { values: { amount: 5, note: 'first try' } };

    const first = await send(lucas, 'PUT', FormPath.draft(task.id), body, 'draft-1');
    const again = await send(lucas, 'PUT', FormPath.draft(task.id), body, 'draft-1');

    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await keyRows('draft-1')).toHaveLength(1);
  });

  it('given a process start with a key, when it is retried, then one case is started and its id answered twice', async () => {
    const { db } = suite.server.database;
    const definition = await db
      .selectFrom('process_definitions')
      .select('id')
      .where('tenant', '=', 'internal')
      .where('key', '=', 'kitAlpha')
      .orderBy('version', 'desc')
      .executeTakeFirstOrThrow();
    const body = {
      processDefinitionId: definition.id,
      name: 'Started once',
      values: { taskName: 'Started once', assignee: 'lmartin' },
    };

    const first = await send(lucas, 'POST', ProcessPath.processInstances, body, 'start-1');
    const again = await send(lucas, 'POST', ProcessPath.processInstances, body, 'start-1');

    expect(first.statusCode, first.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    const started = await db
      .selectFrom('process_instances')
      .select('id')
      .where('started_by', '=', 'lmartin')
      .where('definition_id', '=', definition.id)
      .execute();
    expect(started).toHaveLength(1);
  });

  it('given a key already used, when it comes with another body, then 422 IDEMPOTENCY_KEY_REUSED and nothing is written', async () => {
    const task = await makeTask(suite.server, { name: 'Reused key', assignee: 'lmartin' });
    await send(lucas, 'POST', CommentPath.add, commentOn(task, 'one'), 'reused-1');

    const other = await send(lucas, 'POST', CommentPath.add, commentOn(task, 'two'), 'reused-1');

    expect(other.statusCode).toBe(422);
    expect(other.json<ErrorBody>().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await commentTexts(task.instanceId)).toEqual(['one']);
  });

  it('given a key one user used, when another user sends the same key, then their own write runs', async () => {
    const task = await makeTask(suite.server, {
      name: 'Shared key',
      assignee: 'lmartin',
      candidateGroups: ['loan-officers'],
    });
    const mine = await send(lucas, 'POST', CommentPath.add, commentOn(task, 'mine'), 'shared-1');
    const theirs = await send(
      javier,
      'POST',
      CommentPath.add,
      commentOn(task, 'theirs'),
      'shared-1',
    );

    expect(mine.statusCode, mine.body).toBe(200);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect((await commentTexts(task.instanceId)).sort()).toEqual(['mine', 'theirs']);
    expect(await keyRows('shared-1')).toHaveLength(2);
  });

  it('given an answer past its day, when the key is sent again, then the write runs afresh, and the sweep removes expired answers', async () => {
    const task = await makeTask(suite.server, { name: 'Expired key', assignee: 'lmartin' });
    const body = commentOn(task, 'again');
    await send(lucas, 'POST', CommentPath.add, body, 'expired-1');
    const { db } = suite.server.database;
    const past = new Date(Date.now() - 1_000);
    await db
      .updateTable('idempotency_keys')
      .set({ expires_at: past })
      .where('key', '=', 'expired-1')
      .execute();

    const later = await send(lucas, 'POST', CommentPath.add, body, 'expired-1');

    expect(later.statusCode, later.body).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await commentTexts(task.instanceId)).toEqual(['again', 'again']);

    await db
      .updateTable('idempotency_keys')
      .set({ expires_at: past })
      .where('key', '=', 'expired-1')
      .execute();
    expect(await sweepIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await keyRows('expired-1')).toEqual([]);
  });

  it('given a refused write, when it carried a key, then no answer is recorded and a later retry is judged afresh', async () => {
    const task = await makeTask(suite.server, { name: 'Refused with key', assignee: 'lmartin' });
    const body = { outcome: 'approve', values: {} };

    const refused = await send(priya, 'POST', TaskPath.complete(task.id), body, 'refused-1');

    expect(refused.statusCode).toBe(403);
    expect(await keyRows('refused-1')).toEqual([]);
  });

  it('given the same request twice at once with one key, when both are answered, then the comment is stored once and one answer is the replay', async () => {
    const task = await makeTask(suite.server, { name: 'Concurrent key', assignee: 'lmartin' });
    const body = commentOn(task, 'at once');

    const answers = await Promise.all([
      send(lucas, 'POST', CommentPath.add, body, 'concurrent-1'),
      send(lucas, 'POST', CommentPath.add, body, 'concurrent-1'),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(
      answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true'),
    ).toHaveLength(1);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await commentTexts(task.instanceId)).toEqual(['at once']);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(129)],
    ['with a space', 'two words'],
    ['not ASCII', 'clé'],
  ])('given a key %s, when sent, then 400 IDEMPOTENCY_KEY_INVALID', async (_case, key) => {
    const task = await makeTask(suite.server, { name: `Bad key ${_case}`, assignee: 'lmartin' });

    const response = await send(lucas, 'POST', CommentPath.add, commentOn(task, 'x'), key);

    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>().code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await commentTexts(task.instanceId)).toEqual([]);
  });
});
