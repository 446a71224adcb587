import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BulkReassignAnswer,
  ReassignBody,
  TaskDetail,
  TaskRow,
} from '../../schemas/api/tasks';
import { TaskPath } from '../../schemas/api/tasks';
import { UserPath, type UsersAnswer } from '../../schemas/api/users';
import {
  call,
  dayFromToday,
  deployKit,
  makeTask,
  signIn,
} from '../../server/workflow/testing/taskTestKit';
import type { IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { signInDemoStaff } from '../helpers/signInDemoStaff';
import { RACERS_GROUP, seedRacers } from '../helpers/racers';

describe('task actions', () => {
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
    await deployKit(suite.server, 'acme');
    ({ maria, lucas, amara, javier, claire, priya, ana } = await signInDemoStaff(suite.server));
  });

  const reassignBody = (
    overrides: Partial<ReassignBody> & Pick<ReassignBody, 'taskId'>,
  ): ReassignBody => ({
    fromUser: 'lmartin',
    toUser: 'aokafor',
    comment: '',
    processInstanceId: '',
    userId: 'mgarcia',
    taskName: 'whatever the client showed',
    ...overrides,
  });

  describe('claim', () => {
    it('given a pool task, when a candidate claims it, then it is theirs and leaves the pool', async () => {
      const task = await makeTask(suite.server, {
        name: 'Claim me',
        candidateGroups: ['loan-officers'],
      });
      const claimed = await call(amara, 'PUT', TaskPath.claim(task.id));
      expect(claimed.statusCode).toBe(200);
      expect(claimed.json<TaskRow>()).toMatchObject({
        taskId: task.id,
        assignee: 'aokafor',
        assigneeName: 'Amara Okafor',
        isNew: true,
      });
      const again = await call(lucas, 'PUT', TaskPath.claim(task.id));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'TASK_ALREADY_CLAIMED' });
    });

    it('given two candidates, when both claim at once, then the loser is told someone else claimed it first', async () => {
      const task = await makeTask(suite.server, {
        name: 'Claim race',
        candidateGroups: ['loan-officers'],
      });
      const answers = await Promise.all([
        call(lucas, 'PUT', TaskPath.claim(task.id)),
        call(amara, 'PUT', TaskPath.claim(task.id)),
      ]);
      const lost = answers.filter((answer) => answer.statusCode !== 200);
      expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.statusCode).toBe(409);
      expect(lost[0]?.json()).toMatchObject({ code: 'TASK_ALREADY_CLAIMED' });
    });

    it('given a completed task, when a candidate claims it, then it is a plain conflict, not a lost race', async () => {
      const task = await makeTask(suite.server, {
        name: 'Done already',
        candidateGroups: ['loan-officers'],
      });
      expect((await call(amara, 'PUT', TaskPath.claim(task.id))).statusCode).toBe(200);
      await suite.server.app.engine.completeTask('internal', task.id, {
        userId: 'aokafor',
        variables: {},
      });
      const late = await call(lucas, 'PUT', TaskPath.claim(task.id));
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({ code: 'CONFLICT' });
    });

    it('given a pool task of another group, when someone outside it claims, then 403', async () => {
      const task = await makeTask(suite.server, {
        name: 'Back office only',
        candidateGroups: ['back-office'],
      });
      const response = await call(lucas, 'PUT', TaskPath.claim(task.id));
      expect(response.statusCode).toBe(403);
      expect((await call(claire, 'PUT', TaskPath.claim(task.id))).statusCode).toBe(200);
    });

    it('given an internal task, when an acme user claims its id, then 404', async () => {
      const task = await makeTask(suite.server, {
        name: 'Internal pool',
        candidateGroups: ['loan-officers'],
      });
      expect((await call(ana, 'PUT', TaskPath.claim(task.id))).statusCode).toBe(404);
      expect((await call(lucas, 'PUT', TaskPath.claim('no-such-task'))).statusCode).toBe(404);
    });

    it('given an initiator-completable task, when its starter claims it, then it is theirs', async () => {
      const task = await makeTask(suite.server, {
        name: 'My own case',
        process: 'alpha',
        startedBy: 'jmorales',
      });
      expect((await call(javier, 'PUT', TaskPath.claim(task.id))).statusCode).toBe(200);
      const other = await makeTask(suite.server, {
        name: 'Not completable by starter',
        process: 'zulu',
        startedBy: 'jmorales',
      });
      expect((await call(javier, 'PUT', TaskPath.claim(other.id))).statusCode).toBe(403);
    });

    it('given 50 candidates, when all claim one task at once, then exactly one wins and the rest get 409', async () => {
      const db = suite.server.database.db;
      const ids = Array.from({ length: 50 }, (_, index) => `racer${index}`);
      await seedRacers(db, ids);
      const racers = await Promise.all(
        ids.map((id) => signIn(suite.server, `${id}@tessera.example`)),
      );
      const task = await makeTask(suite.server, {
        name: 'Race for it',
        candidateGroups: [RACERS_GROUP],
      });
      const answers = await Promise.all(
        racers.map((racer) => call(racer, 'PUT', TaskPath.claim(task.id))),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(49);
      const winner = answers.find((answer) => answer.statusCode === 200)?.json<TaskRow>().assignee;
      const stored = await db
        .selectFrom('tasks')
        .select('assignee')
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      expect(stored.assignee).toBe(winner);
    });
  });

  describe('complete', () => {
    it('given one’s own task, when completing it, then the process moves on to the next task', async () => {
      const task = await makeTask(suite.server, {
        name: 'Finish me',
        assignee: 'lmartin',
        startedBy: 'lmartin',
      });
      const response = await call(lucas, 'POST', TaskPath.complete(task.id), {
        outcome: 'approve',
        values: { amount: 5, note: 'fine' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        result: { taskId: task.id, processInstanceId: task.instanceId, processStatus: 'On-going' },
      });
      const open = await call(lucas, 'POST', TaskPath.queryByInstance, {
        processInstanceId: task.instanceId,
      });
      expect(open.json()).toMatchObject({
        size: 1,
        data: [{ name: 'Follow up Finish me', assignee: 'lmartin' }],
      });
      const done = await call(lucas, 'POST', TaskPath.queryByInstance, {
        processInstanceId: task.instanceId,
        state: 'completed',
      });
      expect(done.json()).toMatchObject({
        size: 1,
        data: [{ id: task.id, outcome: 'approve', taskStatus: 'COMPLETED' }],
      });
      const followUp = open.json<{ data: { id: string }[] }>().data[0]?.id ?? '';
      const last = await call(lucas, 'POST', TaskPath.complete(followUp), { values: {} });
      expect(last.json()).toMatchObject({ result: { processStatus: 'Completed' } });
      expect(
        (await call(lucas, 'POST', TaskPath.complete(followUp), { values: {} })).statusCode,
      ).toBe(409);
    });

    it('given values that break the form, when completing, then 422 names each field and nothing moves or is stored', async () => {
      const task = await makeTask(suite.server, { name: 'Break me', assignee: 'lmartin' });
      const response = await call(lucas, 'POST', TaskPath.complete(task.id), {
        outcome: 'maybe',
        values: { amount: 'lots', note: 'kept?' },
      });
      expect(response.statusCode, response.body).toBe(422);
      const details = response.json<{ details: { path: string; code: string }[] }>().details;
      expect(details.map((detail) => detail.path).sort()).toEqual(['amount', 'outcome']);
      expect(details.find((detail) => detail.path === 'outcome')?.code).toBe('validation.enum');
      const detail = await call(lucas, 'GET', TaskPath.detail(task.id));
      expect(detail.json<TaskDetail>()).toMatchObject({ id: task.id });
      const open = await call(lucas, 'POST', TaskPath.queryByInstance, {
        processInstanceId: task.instanceId,
      });
      expect(open.json()).toMatchObject({ size: 1, data: [{ id: task.id }] });
      const variables = await suite.server.database.db
        .selectFrom('tasks')
        .select('variables')
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      expect(JSON.stringify(variables.variables ?? {})).not.toContain('kept?');
    });

    it('given someone else’s task, when a candidate or the supervisor completes it, then 403', async () => {
      const task = await makeTask(suite.server, {
        name: 'Not yours',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      expect(
        (await call(amara, 'POST', TaskPath.complete(task.id), { values: {} })).statusCode,
      ).toBe(403);
      expect(
        (await call(maria, 'POST', TaskPath.complete(task.id), { values: {} })).statusCode,
      ).toBe(403);
      expect((await call(ana, 'POST', TaskPath.complete(task.id), { values: {} })).statusCode).toBe(
        404,
      );
    });

    it('given a completed task of a case someone may not see, when they complete it, then 403, not the 409 that would tell them it is done', async () => {
      const task = await makeTask(suite.server, {
        name: 'Done in the back office',
        assignee: 'cdubois',
        candidateGroups: ['back-office'],
      });
      await suite.server.app.engine.completeTask('internal', task.id, {
        userId: 'cdubois',
        variables: {},
      });
      const outsider = await call(lucas, 'POST', TaskPath.complete(task.id), { values: {} });
      expect(outsider.statusCode).toBe(403);
      const again = await call(claire, 'POST', TaskPath.complete(task.id), { values: {} });
      expect(again.statusCode).toBe(409);
    });

    it('given malformed completions, when sent, then 400', async () => {
      const task = await makeTask(suite.server, { name: 'Validate me', assignee: 'lmartin' });
      for (const body of [
        {},
        { values: [] },
        { values: 'x' },
        { values: {}, outcome: '' },
        { values: {}, extra: 1 },
      ]) {
        const response = await call(lucas, 'POST', TaskPath.complete(task.id), body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
    });
  });

  describe('detail and rows', () => {
    it('given the assignee, a candidate, the supervisor and an outsider, when reading the detail, then each sees what they may do', async () => {
      const task = await makeTask(suite.server, {
        name: 'Detail case',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
        dueDate: dayFromToday(1),
      });
      const own = (await call(lucas, 'GET', TaskPath.detail(task.id))).json<TaskDetail>();
      expect(own).toMatchObject({
        id: task.id,
        name: 'Detail case',
        processDefinitionName: 'Alpha review',
        assignee: { id: 'lmartin', firstName: 'Lucas', fullName: 'Lucas Martin' },
        candidates: ['Loan officers'],
        memberOfCandidateGroup: true,
        permissions: { canComplete: true, canClaim: false, canBeReassigned: true },
      });
      const supervisor = (await call(maria, 'GET', TaskPath.detail(task.id))).json<TaskDetail>();
      expect(supervisor.permissions).toEqual({
        canComplete: false,
        canClaim: false,
        canBeReassigned: true,
      });
      const mate = (await call(amara, 'GET', TaskPath.detail(task.id))).json<TaskDetail>();
      expect(mate.permissions).toEqual({
        canComplete: false,
        canClaim: false,
        canBeReassigned: false,
      });
      expect((await call(priya, 'GET', TaskPath.detail(task.id))).statusCode).toBe(200);
      const outsider = await makeTask(suite.server, {
        name: 'Outsider case',
        assignee: 'cdubois',
        startedBy: 'cdubois',
      });
      expect((await call(priya, 'GET', TaskPath.detail(outsider.id))).statusCode).toBe(403);
      expect((await call(priya, 'GET', TaskPath.row(outsider.id))).statusCode).toBe(403);
      expect((await call(ana, 'GET', TaskPath.detail(task.id))).statusCode).toBe(404);
      expect((await call(ana, 'GET', TaskPath.row(task.id))).statusCode).toBe(404);
    });

    it('given a pool task, when a candidate reads it as a row, then the claim check has what it needs', async () => {
      const task = await makeTask(suite.server, { name: 'Row case', candidateUsers: ['aokafor'] });
      const row = (await call(amara, 'GET', TaskPath.row(task.id))).json<TaskRow>();
      expect(row).toMatchObject({ taskId: task.id, assignee: null, memberOfCandidateUsers: true });
      const detail = (await call(amara, 'GET', TaskPath.detail(task.id))).json<TaskDetail>();
      expect(detail.permissions.canClaim).toBe(true);
    });

    it('given an instance of another tenant, when querying its tasks, then 404', async () => {
      const task = await makeTask(suite.server, {
        name: 'Acme detail',
        tenant: 'acme',
        assignee: 'acme-asouza',
        startedBy: 'acme-asouza',
      });
      expect(
        (
          await call(lucas, 'POST', TaskPath.queryByInstance, {
            processInstanceId: task.instanceId,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await call(ana, 'POST', TaskPath.queryByInstance, { processInstanceId: task.instanceId }))
          .statusCode,
      ).toBe(200);
      expect(
        (
          await call(ana, 'POST', TaskPath.queryByInstance, {
            processInstanceId: task.instanceId,
            state: 'all',
          })
        ).statusCode,
      ).toBe(400);
    });
  });

  describe('reassign', () => {
    it('given a subordinate’s task, when the supervisor reassigns it with a comment, then it moves and the comment is kept', async () => {
      const task = await makeTask(suite.server, {
        name: 'Move me',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const info = await call(maria, 'GET', TaskPath.reassignInfo(task.id));
      expect(info.json()).toEqual({ canBeReassigned: true, reassignableTo: 'REASSIGNABLE_USERS' });
      const response = await call(
        maria,
        'PUT',
        TaskPath.reassign,
        reassignBody({
          taskId: task.id,
          processInstanceId: task.instanceId,
          comment: `  ${'x'.repeat(250)}  `,
        }),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        result: { taskId: task.id, assignee: 'aokafor', assigneeName: 'Amara Okafor' },
      });
      const comments = await suite.server.database.db
        .selectFrom('task_comments')
        .selectAll()
        .where('task_id', '=', task.id)
        .execute();
      expect(comments).toMatchObject([
        {
          is_reassign: true,
          user_id: 'mgarcia',
          reassignee_id: 'aokafor',
          previous_assignee_id: 'lmartin',
          comment: 'x'.repeat(250),
          task_name: 'Move me',
        },
      ]);
    });

    it('given a group mate’s task, when a non-supervisor reassigns it, then 403 and nothing moves', async () => {
      const task = await makeTask(suite.server, {
        name: 'Mate task',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      expect((await call(amara, 'GET', TaskPath.reassignInfo(task.id))).json()).toMatchObject({
        canBeReassigned: false,
      });
      const response = await call(
        amara,
        'PUT',
        TaskPath.reassign,
        reassignBody({
          taskId: task.id,
          processInstanceId: task.instanceId,
          toUser: 'jmorales',
          userId: 'aokafor',
        }),
      );
      expect(response.statusCode).toBe(403);
      const stored = await suite.server.database.db
        .selectFrom('tasks')
        .select('assignee')
        .where('id', '=', task.id)
        .executeTakeFirstOrThrow();
      expect(stored.assignee).toBe('lmartin');
    });

    it('given one’s own task without candidates, when reassigning, then anyone with access-task may take it', async () => {
      const task = await makeTask(suite.server, { name: 'My direct task', assignee: 'lmartin' });
      expect((await call(lucas, 'GET', TaskPath.reassignInfo(task.id))).json()).toEqual({
        canBeReassigned: true,
        reassignableTo: 'ALL_USERS',
      });
      const users = (await call(lucas, 'GET', UserPath.reassignable(task.id))).json<UsersAnswer>();
      const ids = users.result.content.map((user) => user.id);
      expect(ids).toContain('cdubois');
      expect(ids).not.toContain('lmartin');
      expect(ids).not.toContain('evidal');
      const response = await call(
        lucas,
        'PUT',
        TaskPath.reassign,
        reassignBody({
          taskId: task.id,
          processInstanceId: task.instanceId,
          toUser: 'cdubois',
          userId: 'lmartin',
          comment: 'Over to you',
        }),
      );
      expect(response.statusCode).toBe(200);
    });

    it('given bad reassignments, when sent, then each is refused with its own status', async () => {
      const task = await makeTask(suite.server, {
        name: 'Guarded',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const base = { taskId: task.id, processInstanceId: task.instanceId };
      const cases: [string, Partial<ReassignBody>, number][] = [
        ['a stale fromUser', { fromUser: 'jmorales' }, 409],
        ['a user outside the candidates and the team', { toUser: 'cdubois' }, 400],
        ['a user without access-task', { toUser: 'evidal' }, 400],
        ['an unknown user', { toUser: 'nobody' }, 400],
        ['the current assignee', { toUser: 'lmartin' }, 400],
        ['someone else’s userId', { userId: 'lmartin' }, 403],
        ['another instance', { processInstanceId: 'another' }, 400],
        ['a comment of 251 characters', { comment: 'y'.repeat(251) }, 400],
      ];
      for (const [label, overrides, status] of cases) {
        const response = await call(
          maria,
          'PUT',
          TaskPath.reassign,
          reassignBody({ ...base, ...overrides }),
        );
        expect(response.statusCode, label).toBe(status);
      }
      const missing = await call(maria, 'PUT', TaskPath.reassign, { taskId: task.id });
      expect(missing.statusCode).toBe(400);
      expect(
        (
          await call(
            ana,
            'PUT',
            TaskPath.reassign,
            reassignBody({ ...base, userId: 'acme-asouza' }),
          )
        ).statusCode,
      ).toBe(404);
    });

    it('given 21 tasks, when bulk reassigning, then 400 before anything moves', async () => {
      const taskDetails = Array.from({ length: 21 }, (_, index) => ({
        fromUserId: 'lmartin',
        taskId: `t${index}`,
      }));
      const response = await call(maria, 'PATCH', TaskPath.bulkReassign, {
        taskDetails,
        toUserId: 'aokafor',
      });
      expect(response.statusCode).toBe(400);
      expect(
        (
          await call(maria, 'PATCH', TaskPath.bulkReassign, {
            taskDetails: [],
            toUserId: 'aokafor',
          })
        ).statusCode,
      ).toBe(400);
      const twice = [taskDetails[0], taskDetails[0]];
      expect(
        (
          await call(maria, 'PATCH', TaskPath.bulkReassign, {
            taskDetails: twice,
            toUserId: 'aokafor',
          })
        ).statusCode,
      ).toBe(400);
    });

    it('given a mixed selection, when bulk reassigning, then the good ones move and each failure is reported', async () => {
      const good = await makeTask(suite.server, {
        name: 'Bulk good',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const alsoGood = await makeTask(suite.server, {
        name: 'Bulk good 2',
        assignee: 'aokafor',
        candidateGroups: ['loan-officers'],
      });
      const stale = await makeTask(suite.server, {
        name: 'Bulk stale',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const notMine = await makeTask(suite.server, {
        name: 'Bulk committee',
        assignee: 'cdubois',
        candidateGroups: ['loan-officers'],
      });
      const acme = await makeTask(suite.server, {
        name: 'Bulk acme',
        tenant: 'acme',
        assignee: 'acme-asouza',
        startedBy: 'acme-asouza',
      });
      const response = await call(maria, 'PATCH', TaskPath.bulkReassign, {
        taskDetails: [
          { fromUserId: 'lmartin', taskId: good.id },
          { fromUserId: 'aokafor', taskId: alsoGood.id },
          { fromUserId: 'aokafor', taskId: stale.id },
          { fromUserId: 'cdubois', taskId: notMine.id },
          { fromUserId: 'acme-asouza', taskId: acme.id },
        ],
        toUserId: 'jmorales',
      });
      expect(response.statusCode).toBe(200);
      const { result } = response.json<BulkReassignAnswer>();
      expect(result.noOfTasksReassigned).toBe(2);
      expect(result.failedTaskIds).toEqual([stale.id, notMine.id, acme.id]);
      expect(result.failures).toEqual([
        { taskId: stale.id, code: 'CHANGED' },
        { taskId: notMine.id, code: 'NOT_ALLOWED' },
        { taskId: acme.id, code: 'NOT_FOUND' },
      ]);
      const rows = await suite.server.database.db
        .selectFrom('tasks')
        .select(['id', 'assignee'])
        .where('id', 'in', [good.id, alsoGood.id, stale.id, notMine.id])
        .execute();
      expect(Object.fromEntries(rows.map((row) => [row.id, row.assignee]))).toEqual({
        [good.id]: 'jmorales',
        [alsoGood.id]: 'jmorales',
        [stale.id]: 'lmartin',
        [notMine.id]: 'cdubois',
      });
    });
  });

  describe('bulk reassign and its people', () => {
    it('given tasks already with the chosen person, when bulk reassigning, then they are reported as such and the others move', async () => {
      const moving = await makeTask(suite.server, {
        name: 'Bulk to move',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const already = await makeTask(suite.server, {
        name: 'Bulk already his',
        assignee: 'jmorales',
        candidateGroups: ['loan-officers'],
      });
      const response = await call(maria, 'PATCH', TaskPath.bulkReassign, {
        taskDetails: [
          { fromUserId: 'lmartin', taskId: moving.id },
          { fromUserId: 'jmorales', taskId: already.id },
        ],
        toUserId: 'jmorales',
      });
      expect(response.statusCode).toBe(200);
      const { result } = response.json<BulkReassignAnswer>();
      expect(result.noOfTasksReassigned).toBe(1);
      expect(result.failures).toEqual([{ taskId: already.id, code: 'ALREADY_ASSIGNED' }]);
      expect(result.failedTaskIds).toEqual([already.id]);
    });

    it('given a selection, when the supervisor lists its people, then they follow the single reassign rule', async () => {
      const withLucas = await makeTask(suite.server, {
        name: 'People A',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const withJavier = await makeTask(suite.server, {
        name: 'People B',
        assignee: 'jmorales',
        candidateGroups: ['loan-officers'],
      });
      const ids = async (taskIds: string[]) =>
        (await call(maria, 'POST', UserPath.bulkReassignable, { taskIds }))
          .json<UsersAnswer>()
          .result.content.map((user) => user.id);
      const single = (await call(maria, 'GET', UserPath.reassignable(withLucas.id)))
        .json<UsersAnswer>()
        .result.content.map((user) => user.id);

      // One task: exactly the single reassign's people, without its assignee.
      expect(await ids([withLucas.id])).toEqual(single);
      expect(single).not.toContain('lmartin');
      // Two: everyone one of them may go to, and still nobody outside the team or the pool.
      const both = await ids([withLucas.id, withJavier.id]);
      expect(both).toEqual(expect.arrayContaining(['lmartin', 'jmorales', 'aokafor']));
      expect(both).not.toContain('cdubois');
      expect(both).not.toContain('evidal');
      const general = (await call(maria, 'POST', UserPath.query, {}))
        .json<UsersAnswer>()
        .result.content.map((user) => user.id);
      expect(general).toContain('cdubois');
      // A team mate may move none of them, so nobody is offered.
      const mate = await call(amara, 'POST', UserPath.bulkReassignable, {
        taskIds: [withLucas.id, withJavier.id],
      });
      expect(mate.json<UsersAnswer>().result.content).toEqual([]);
      expect(
        (await call(maria, 'POST', UserPath.bulkReassignable, { taskIds: [] })).statusCode,
      ).toBe(400);
    });
  });

  describe('users', () => {
    it('given the general list, when queried, then staff with access-task of the tenant come back, searchable', async () => {
      const all = (await call(lucas, 'POST', UserPath.query, {})).json<UsersAnswer>();
      const ids = all.result.content.map((user) => user.id);
      expect(ids).toContain('mgarcia');
      expect(ids).not.toContain('evidal');
      expect(ids).not.toContain('acme-asouza');
      const found = (
        await call(lucas, 'POST', UserPath.query, { filter: 'GARC' })
      ).json<UsersAnswer>();
      expect(found.result.content.map((user) => user.id)).toEqual(['mgarcia']);
      expect(found.result.content[0]).toEqual({
        id: 'mgarcia',
        email: 'maria.garcia@tessera.example',
        firstName: 'María',
        lastName: 'García',
        fullName: 'María García',
      });
      const acme = (await call(ana, 'POST', UserPath.query, {})).json<UsersAnswer>();
      expect(acme.result.content.map((user) => user.id)).toEqual(['acme-asouza']);
      expect((await call(lucas, 'POST', UserPath.query, { size: 0 })).statusCode).toBe(400);
    });

    it('given a team task, when the supervisor lists reassignable users, then candidates and her team come back without the assignee', async () => {
      const task = await makeTask(suite.server, {
        name: 'Whom to',
        assignee: 'lmartin',
        candidateGroups: ['loan-officers'],
      });
      const users = (await call(maria, 'GET', UserPath.reassignable(task.id))).json<UsersAnswer>();
      const ids = users.result.content.map((user) => user.id);
      expect(ids).toEqual(expect.arrayContaining(['mgarcia', 'aokafor', 'jmorales', 'tbernard']));
      expect(ids).not.toContain('lmartin');
      expect(ids).not.toContain('cdubois');
      const mate = (await call(amara, 'GET', UserPath.reassignable(task.id))).json<UsersAnswer>();
      expect(mate.result.content).toEqual([]);
    });
  });
});
