import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentPath } from '../../schemas/api/comments';
import { NotificationPath } from '../../schemas/api/notifications';
import {
  ReassignableTo,
  TaskPath,
  type TaskListAnswer,
  type TaskQueryBody,
  type TaskRow,
} from '../../schemas/api/tasks';
import { UserPath, type UserSummary } from '../../schemas/api/users';
import { TaskListKind } from '../api/tasksApi';
import type { RootStore } from '../RootStore';
import { anAccount, createTestStores, type RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { REASSIGN_SUCCESS_MS } from './dashboardConstants';
import { BULK_REASSIGN_LIMIT, REASSIGN_COMMENT_MAX } from '../../schemas/api/tasksConstants';
import { ReassignStep } from '../tasks/ReassignStore';
import { REASSIGN_CAPABILITIES_PATH } from '../api/reassignCapabilityApi';
import { ListBanner } from './TaskListStore';
import { aTaskRow } from './testing/aTaskRow';

const javier: UserSummary = {
  id: 'jmorales',
  email: 'javier.morales@tessera.example',
  firstName: 'Javier',
  lastName: 'Morales',
  fullName: 'Javier Morales',
};

function page(rows: TaskRow[]): TaskListAnswer {
  return {
    content: rows,
    totalHeadCount: rows.length,
    totalCount: rows.length,
    totalAll: rows.length,
    totalNew: 0,
    totalToday: 0,
    totalThisWeek: 0,
    totalOverdue: 0,
    page: 0,
    size: 10,
  };
}

const teamRows = Array.from({ length: 25 }, (_, i) =>
  aTaskRow({ taskId: `t-${i}`, assignee: i % 2 ? 'lmartin' : 'aokafor' }),
);

/** Team rows the signed-in user may not reassign, and rows with a list of their own. */
let notReassignable: Set<string>;
let ownList: Set<string>;
let server: FakeServer;
let stores: RootStore;
let navigator: RecordingNavigator;

beforeEach(() => {
  notReassignable = new Set();
  ownList = new Set();
  server = new FakeServer();
  ({ stores, navigator } = createTestStores('/'));
  runInAction(() => {
    stores.session.account = anAccount({ id: 'mgarcia', firstName: 'María' });
  });
  for (const kind of Object.values(TaskListKind)) {
    server.on('POST', TaskPath[kind], (request) => {
      const query = request.body as TaskQueryBody;
      const rows = kind === TaskListKind.team ? teamRows.slice(0, query.size) : [];
      return { status: 200, body: page(rows) };
    });
  }
  server.on('POST', CommentPath.availability, { status: 200, body: { result: [] } });
  server.on('POST', REASSIGN_CAPABILITIES_PATH, (request) => ({
    status: 200,
    body: {
      result: (request.body as { taskIds: string[] }).taskIds.map((taskId) => ({
        taskId,
        canBeReassigned: !notReassignable.has(taskId),
        reassignableTo: ownList.has(taskId)
          ? ReassignableTo.reassignableUsers
          : ReassignableTo.allUsers,
      })),
    },
  }));
  server.on('GET', NotificationPath.summary('mgarcia'), {
    status: 200,
    body: {
      assignedTasks: { count: 0, notificationData: [] },
      candidateTasks: { count: 0, notificationData: [] },
    },
  });
  server.on('POST', UserPath.query, {
    status: 200,
    body: { result: { content: [javier], totalElements: 1, page: 0, size: 200 } },
  });
  server.on('POST', UserPath.bulkReassignable, {
    status: 200,
    body: { result: { content: [javier], totalElements: 1, page: 0, size: 1 } },
  });
});

afterEach(() => {
  vi.useRealTimers();
  stores.dispose();
  server.restore();
});

async function loadTeam() {
  const team = stores.dashboard.lists.team;
  await team.setSize(100);
  return team;
}

describe('DashboardStore: bulk reassign', () => {
  it('reassigns the selection, toasts the first name and count, clears and reloads', async () => {
    server.on('PATCH', TaskPath.bulkReassign, {
      status: 200,
      body: { result: { failedTaskIds: [], noOfTasksReassigned: 3, failures: [] } },
    });
    const team = await loadTeam();
    ['t-0', 't-1', 't-2'].forEach((id) => team.toggleSelected(id));
    const listCallsBefore = server.calls('POST', TaskPath.team).length;

    stores.dashboard.startBulkReassign();
    await stores.dashboard.reassign.loadUsers();
    stores.dashboard.reassign.selectUser(javier);
    stores.dashboard.reassign.proceed();
    await stores.dashboard.reassign.confirm();

    expect(server.calls('PATCH', TaskPath.bulkReassign)[0]?.body).toEqual({
      taskDetails: [
        { fromUserId: 'aokafor', taskId: 't-0' },
        { fromUserId: 'lmartin', taskId: 't-1' },
        { fromUserId: 'aokafor', taskId: 't-2' },
      ],
      toUserId: 'jmorales',
    });
    expect(stores.toasts.toasts.map((t) => [t.key, t.values, t.intent])).toEqual([
      ['dashboard.multiAssignSuccessMsg', { name: 'Javier', count: 3 }, 'success'],
    ]);
    expect(team.selectedIds).toEqual([]);
    expect(server.calls('POST', TaskPath.team).length).toBe(listCallsBefore + 1);
    expect(server.calls('POST', TaskPath.assigned)).toHaveLength(1);
  });

  it('asks the server whom the selection may go to', async () => {
    const team = await loadTeam();
    ['t-0', 't-1'].forEach((id) => team.toggleSelected(id));

    stores.dashboard.startBulkReassign();
    await stores.dashboard.reassign.loadUsers();

    expect(server.calls('POST', UserPath.bulkReassignable)[0]?.body).toEqual({
      taskIds: ['t-0', 't-1'],
    });
    expect(server.calls('POST', UserPath.query)).toHaveLength(0);
    expect(stores.dashboard.reassign.users).toEqual([javier]);
  });

  it('reports what moved and why each other task did not, and selects those worth retrying', async () => {
    server.on('PATCH', TaskPath.bulkReassign, {
      status: 200,
      body: {
        result: {
          failedTaskIds: ['t-1', 't-2'],
          noOfTasksReassigned: 1,
          failures: [
            { taskId: 't-1', code: 'CHANGED' },
            { taskId: 't-2', code: 'ALREADY_ASSIGNED' },
          ],
        },
      },
    });
    const team = await loadTeam();
    ['t-0', 't-1', 't-2'].forEach((id) => team.toggleSelected(id));

    stores.dashboard.startBulkReassign();
    await stores.dashboard.reassign.loadUsers();
    stores.dashboard.reassign.selectUser(javier);
    stores.dashboard.reassign.proceed();
    await stores.dashboard.reassign.confirm();

    expect(stores.toasts.toasts).toEqual([]);
    expect(stores.dashboard.bulkReport).toEqual({
      toUser: javier,
      moved: 1,
      notMoved: [
        { taskId: 't-1', taskName: 'Application intake: Rivera', code: 'CHANGED' },
        { taskId: 't-2', taskName: 'Application intake: Rivera', code: 'ALREADY_ASSIGNED' },
      ],
    });
    expect(team.selectedIds).toEqual(['t-1']);
    stores.dashboard.dismissBulkReport();
    expect(stores.dashboard.bulkReport).toBeNull();
  });

  it('counts every task as failed when the call itself fails', async () => {
    server.on('PATCH', TaskPath.bulkReassign, { status: 500, body: { code: 'INTERNAL_ERROR' } });
    const team = await loadTeam();
    ['t-4', 't-5'].forEach((id) => team.toggleSelected(id));

    stores.dashboard.startBulkReassign();
    await stores.dashboard.reassign.loadUsers();
    stores.dashboard.reassign.selectUser(javier);
    stores.dashboard.reassign.proceed();
    await stores.dashboard.reassign.confirm();

    expect(stores.toasts.toasts[0]?.values).toEqual({ count: 2 });
    expect(team.selectedIds).toEqual(['t-4', 't-5']);
  });

  it('never sends more than 20 tasks and needs an assignee', async () => {
    const team = await loadTeam();
    team.toggleAllOnPage();
    team.toggleSelected('t-22');
    expect(team.selectedIds).toHaveLength(BULK_REASSIGN_LIMIT);

    stores.dashboard.startBulkReassign();
    const reassign = stores.dashboard.reassign;
    expect(reassign.tasks).toHaveLength(BULK_REASSIGN_LIMIT);
    await reassign.loadUsers();
    expect(reassign.canContinue).toBe(false);
    reassign.proceed();
    expect(reassign.step).toBe(ReassignStep.choosing);
  });
});

describe('DashboardStore: single reassign', () => {
  function serveInfo(taskId: string) {
    server.on('GET', TaskPath.reassignInfo(taskId), {
      status: 200,
      body: { canBeReassigned: true, reassignableTo: ReassignableTo.allUsers },
    });
    server.on('GET', UserPath.reassignable(taskId), {
      status: 200,
      body: { result: { content: [javier], totalElements: 1, page: 0, size: 1 } },
    });
  }

  it('sends the comment, shows the success for 7 s and reloads team and assigned', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    serveInfo('t-0');
    server.on('PUT', TaskPath.reassign, {
      status: 200,
      body: { result: { taskId: 't-0', assignee: 'jmorales', assigneeName: 'Javier Morales' } },
    });
    const team = await loadTeam();
    const row = team.rows[0];
    if (!row) throw new Error('no row');

    stores.dashboard.startReassign(row);
    const reassign = stores.dashboard.reassign;
    await reassign.loadUsers();
    reassign.selectUser(javier);
    reassign.setComment('x'.repeat(300));
    expect(reassign.comment).toHaveLength(REASSIGN_COMMENT_MAX);
    reassign.proceed();
    expect(reassign.step).toBe(ReassignStep.confirming);
    await reassign.confirm();

    expect(server.calls('PUT', TaskPath.reassign)[0]?.body).toEqual({
      fromUser: 'aokafor',
      toUser: 'jmorales',
      taskId: 't-0',
      comment: 'x'.repeat(REASSIGN_COMMENT_MAX),
      processInstanceId: 'pi-1',
      userId: 'mgarcia',
      taskName: 'Application intake: Rivera',
    });
    expect(stores.dashboard.reassignSuccessVisible).toBe(true);
    expect(server.calls('POST', TaskPath.assigned)).toHaveLength(1);
    vi.advanceTimersByTime(REASSIGN_SUCCESS_MS);
    expect(stores.dashboard.reassignSuccessVisible).toBe(false);
  });

  it('shows the reassign banner when the call fails', async () => {
    serveInfo('t-0');
    server.on('PUT', TaskPath.reassign, { status: 409, body: { code: 'CONFLICT' } });
    const team = await loadTeam();
    const row = team.rows[0];
    if (!row) throw new Error('no row');

    stores.dashboard.startReassign(row);
    await stores.dashboard.reassign.loadUsers();
    stores.dashboard.reassign.selectUser(javier);
    stores.dashboard.reassign.proceed();
    await stores.dashboard.reassign.confirm();

    expect(team.banner).toBe(ListBanner.reassign);
    expect(stores.dashboard.reassignSuccessVisible).toBe(false);
  });

  it('goes to / after reassigning one of the user own tasks', async () => {
    serveInfo('t-9');
    server.on('PUT', TaskPath.reassign, {
      status: 200,
      body: { result: { taskId: 't-9', assignee: 'jmorales', assigneeName: 'Javier Morales' } },
    });
    stores.dashboard.startReassign(aTaskRow({ taskId: 't-9', assignee: 'mgarcia' }));
    await stores.dashboard.reassign.loadUsers();
    stores.dashboard.reassign.selectUser(javier);
    stores.dashboard.reassign.proceed();
    await stores.dashboard.reassign.confirm();

    expect(navigator.visits).toContain('/');
  });

  it('keeps Continue disabled when the task may not be reassigned', async () => {
    server.on('GET', TaskPath.reassignInfo('t-0'), {
      status: 200,
      body: { canBeReassigned: false, reassignableTo: ReassignableTo.allUsers },
    });
    stores.dashboard.startReassign(aTaskRow({ taskId: 't-0' }));
    const reassign = stores.dashboard.reassign;
    await reassign.loadUsers();
    reassign.selectUser(javier);

    expect(reassign.allowed).toBe(false);
    expect(reassign.canContinue).toBe(false);
  });
});

describe('DashboardStore: claim and open', () => {
  it('claims a task the user may claim and opens it', async () => {
    server.on('GET', TaskPath.row('t-7'), {
      status: 200,
      body: aTaskRow({ taskId: 't-7', assignee: null, memberOfCandidateGroup: true }),
    });
    server.on('PUT', TaskPath.claim('t-7'), { status: 200, body: { result: {} } });

    await stores.dashboard.claim(aTaskRow({ taskId: 't-7', assignee: null }));

    expect(server.calls('PUT', TaskPath.claim('t-7'))).toHaveLength(1);
    expect(navigator.visits).toEqual(['/process/task/t-7']);
  });

  it("says 'Insufficient privileges' when the check fails, without claiming", async () => {
    server.on('GET', TaskPath.row('t-7'), {
      status: 200,
      body: aTaskRow({
        taskId: 't-7',
        assignee: null,
        memberOfCandidateGroup: false,
        memberOfCandidateUsers: false,
        initiatorCanCompleteTask: false,
      }),
    });

    await stores.dashboard.claim(aTaskRow({ taskId: 't-7', assignee: null }));

    expect(server.calls('PUT', TaskPath.claim('t-7'))).toHaveLength(0);
    expect(stores.toasts.toasts.map((t) => t.key)).toEqual(['tasks.claimNotAllowed']);
    expect(navigator.visits).toEqual([]);
  });

  it('says someone else claimed it first when the check finds it taken, and refreshes the list', async () => {
    server.on('GET', TaskPath.row('t-7'), {
      status: 200,
      body: aTaskRow({ taskId: 't-7', assignee: 'jmorales' }),
    });
    const before = server.calls('POST', TaskPath.candidate).length;

    await stores.dashboard.claim(aTaskRow({ taskId: 't-7', assignee: null }));

    expect(server.calls('PUT', TaskPath.claim('t-7'))).toHaveLength(0);
    expect(stores.toasts.toasts.map((t) => t.key)).toEqual(['tasks.claimTakenByOther']);
    expect(server.calls('POST', TaskPath.candidate).length).toBe(before + 1);
    expect(navigator.visits).toEqual([]);
  });

  it('says someone else claimed it first when the claim race is lost, and refreshes the list', async () => {
    server.on('GET', TaskPath.row('t-7'), {
      status: 200,
      body: aTaskRow({ taskId: 't-7', assignee: null, memberOfCandidateGroup: true }),
    });
    server.on('PUT', TaskPath.claim('t-7'), {
      status: 409,
      body: { statusCode: 409, code: 'TASK_ALREADY_CLAIMED', message: 'Someone else claimed it.' },
    });
    const before = server.calls('POST', TaskPath.candidate).length;

    await stores.dashboard.claim(aTaskRow({ taskId: 't-7', assignee: null }));

    expect(stores.toasts.toasts.map((t) => t.key)).toEqual(['tasks.claimTakenByOther']);
    expect(server.calls('POST', TaskPath.candidate).length).toBe(before + 1);
    expect(navigator.visits).toEqual([]);
  });

  it('marks a new task seen before opening it', async () => {
    server.on('PUT', NotificationPath.started('t-3'), {
      status: 200,
      body: { result: { taskId: 't-3', isNew: false } },
    });

    await stores.dashboard.openTask(aTaskRow({ taskId: 't-3', isNew: true }));

    expect(server.calls('PUT', NotificationPath.started('t-3'))).toHaveLength(1);
    expect(navigator.visits).toEqual(['/process/task/t-3']);
  });

  it('switching tab resets the quick filter to ALL', async () => {
    const candidate = stores.dashboard.lists.candidate;
    await candidate.setQuickFilter('OVERDUE');
    await stores.dashboard.selectTab(TaskListKind.team);

    await stores.dashboard.selectTab(TaskListKind.candidate);

    expect(candidate.quickFilter).toBe('ALL');
  });
});

describe('spec 000 sections 5 and 6: reassign capability of team rows', () => {
  it('given a team row whose canBeReassigned is false, when its reassign is asked for, then no dialog opens and the user is told why', async () => {
    notReassignable.add('t-3');
    const team = await loadTeam();
    expect(team.canReassign('t-3')).toBe(false);
    expect(team.canReassign('t-2')).toBe(true);

    stores.dashboard.startReassign(teamRows[3] as TaskRow);

    expect(stores.dashboard.reassign.step).toBe(ReassignStep.closed);
    expect(stores.toasts.toasts.at(-1)?.key).toBe('dashboard.reassignNotAllowed');
  });

  it('given a selection holding a row that cannot be reassigned, when bulk reassign is asked for, then nothing opens or is sent', async () => {
    notReassignable.add('t-1');
    const team = await loadTeam();
    ['t-0', 't-1'].forEach((id) => team.toggleSelected(id));

    stores.dashboard.startBulkReassign();

    expect(stores.dashboard.reassign.step).toBe(ReassignStep.closed);
    expect(stores.toasts.toasts.at(-1)?.key).toBe('dashboard.bulkSelection.notReassignable');
    expect(server.calls('PATCH', TaskPath.bulkReassign)).toHaveLength(0);
  });
});

describe('spec 000 section 8: reassign messages', () => {
  it('given a person who may no longer take the task, when the reassign is refused with a 400, then dashboard.noSuchUser shows beside the reassign banner', async () => {
    server.on('GET', TaskPath.reassignInfo('t-2'), {
      status: 200,
      body: { canBeReassigned: true, reassignableTo: ReassignableTo.allUsers },
    });
    server.on('GET', UserPath.reassignable('t-2'), {
      status: 200,
      body: { result: { content: [javier], totalElements: 1, page: 0, size: 1 } },
    });
    server.on('PUT', TaskPath.reassign, {
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: 'The task cannot be reassigned to this user.' },
    });
    await loadTeam();
    stores.dashboard.startReassign(teamRows[2] as TaskRow);
    await stores.dashboard.reassign.loadUsers();
    stores.dashboard.reassign.selectUser(javier);
    stores.dashboard.reassign.proceed();
    await stores.dashboard.reassign.confirm();

    expect(stores.dashboard.lists.team.banner).toBe(ListBanner.reassign);
    expect(stores.toasts.toasts.at(-1)?.key).toBe('dashboard.noSuchUser');
  });

  it('given nothing selected, when bulk reassign is asked for, then noPayload shows and nothing opens', async () => {
    await loadTeam();

    stores.dashboard.startBulkReassign();

    expect(stores.dashboard.reassign.step).toBe(ReassignStep.closed);
    expect(stores.toasts.toasts.at(-1)?.key).toBe('dashboard.noPayload');
  });
});
