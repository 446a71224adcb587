import { autorun, runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommentPath } from '../../schemas/api/comments';
import { IdentityPath } from '../../schemas/api/identity';
import { LiveTaskChange, type LiveTaskEvent } from '../../schemas/api/liveConstants';
import { NotificationPath } from '../../schemas/api/notifications';
import {
  ReassignableTo,
  TaskPath,
  type TaskListAnswer,
  type TaskQueryBody,
  type TaskRow,
} from '../../schemas/api/tasks';
import { TaskListKind } from '../api/tasksApi';
import { aTaskRow } from '../dashboard/testing/aTaskRow';
import type { RootStore } from '../RootStore';
import { SessionStatus } from '../stores/SessionStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { REASSIGN_CAPABILITIES_PATH } from '../api/reassignCapabilityApi';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeEventSources } from '../testing/fakeEventSource';
import { FakeServer } from '../testing/fakeServer';
import { LIVE_COALESCE_MS } from './LiveInboxStore';

// The live inbox wired into the app: a fake stream at the network edge, the real stores
// and HTTP client on a scripted server.

const USER = 'u-anna';

/** The rows of each list as the server has them now; a test changes them between events. */
let rowsOf: Record<TaskListKind, TaskRow[]>;
let server: FakeServer;
let sources: FakeEventSources;
let stores: RootStore;

function answer(rows: TaskRow[], query: TaskQueryBody): TaskListAnswer {
  const from = query.page * query.size;
  return {
    content: rows.slice(from, from + query.size),
    totalHeadCount: rows.length,
    totalCount: rows.length,
    totalAll: rows.length,
    totalNew: rows.filter((row) => row.isNew).length,
    totalToday: 0,
    totalThisWeek: 0,
    totalOverdue: 0,
    page: query.page,
    size: query.size,
  };
}

function aTaskEvent(overrides: Partial<LiveTaskEvent> = {}): string {
  return JSON.stringify({
    change: LiveTaskChange.assigneeChanged,
    taskId: 't-new',
    assignee: USER,
    previousAssignee: 'u-bruno',
    actor: 'u-sup',
    at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  });
}

/** Waits past the coalescing window and the scripted answers it leads to. */
async function afterTheBurst(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, LIVE_COALESCE_MS + 50));
}

function listCalls(kind: TaskListKind) {
  return server.calls('POST', TaskPath[kind]);
}

const summaryPath = NotificationPath.summary(USER);

beforeEach(async () => {
  rowsOf = {
    assigned: Array.from({ length: 30 }, (_, i) => aTaskRow({ taskId: `a-${i}`, assignee: USER })),
    candidate: [aTaskRow({ taskId: 'c-1', assignee: null })],
    team: Array.from({ length: 12 }, (_, i) => aTaskRow({ taskId: `t-${i}`, assignee: 'u-x' })),
  };
  server = new FakeServer();
  for (const kind of Object.values(TaskListKind)) {
    server.on('POST', TaskPath[kind], (request) => ({
      status: 200,
      body: answer(rowsOf[kind], request.body as TaskQueryBody),
    }));
  }
  server.on('POST', CommentPath.availability, { status: 200, body: { result: [] } });
  server.on('POST', REASSIGN_CAPABILITIES_PATH, (request) => ({
    status: 200,
    body: {
      result: (request.body as { taskIds: string[] }).taskIds.map((taskId) => ({
        taskId,
        canBeReassigned: true,
        reassignableTo: ReassignableTo.allUsers,
      })),
    },
  }));
  server.on('GET', summaryPath, {
    status: 200,
    body: {
      assignedTasks: { count: 0, notificationData: [] },
      candidateTasks: { count: 0, notificationData: [] },
    },
  });
  server.on('GET', IdentityPath.signOut, { status: 200, body: {} });
  sources = new FakeEventSources();
  ({ stores } = createTestStores('/', sources.open));
  runInAction(() => {
    stores.session.account = anAccount({ id: USER });
    stores.session.status = SessionStatus.authenticated;
  });
  sources.latest.open();
  await stores.dashboard.open();
});

afterEach(() => {
  stores.dispose();
  server.restore();
});

describe('the live inbox on the dashboard', () => {
  it('given a bulk reassign of 50 tasks to the user, when its events arrive, then each list reloads once and shows the new rows and counts', async () => {
    const before = Object.values(TaskListKind).map((kind) => listCalls(kind).length);
    rowsOf.assigned = [
      ...Array.from({ length: 50 }, (_, i) => aTaskRow({ taskId: `n-${i}`, assignee: USER })),
      ...rowsOf.assigned,
    ];

    for (let i = 0; i < 50; i += 1) {
      sources.latest.send('task', aTaskEvent({ taskId: `n-${i}` }), String(i + 1));
    }
    await afterTheBurst();

    const after = Object.values(TaskListKind).map((kind) => listCalls(kind).length);
    expect(after.map((count, i) => count - (before[i] ?? 0))).toEqual([1, 1, 1]);
    const assigned = stores.dashboard.lists.assigned;
    expect(assigned.counters.totalAll).toBe(80);
    expect(assigned.rows[0]?.taskId).toBe('n-0');
  });

  it('given a page, a search and a selection on the team list, when an event arrives, then they are kept and no loading state shows', async () => {
    const team = stores.dashboard.lists.team;
    await team.applyFilters({ dueDate: null, taskName: 'Loan', assignee: null });
    await team.setPage(1);
    team.toggleSelected('t-10');
    team.toggleSelected('t-11');
    const statuses: string[] = [];
    const stop = autorun(() => statuses.push(team.status));
    // t-11 was completed elsewhere, and a new task arrived in its place.
    rowsOf.team = [
      ...rowsOf.team.filter((row) => row.taskId !== 't-11'),
      aTaskRow({ taskId: 't-12' }),
    ];

    sources.latest.send('task', aTaskEvent({ change: LiveTaskChange.closed, taskId: 't-11' }));
    await afterTheBurst();
    stop();

    const query = listCalls(TaskListKind.team).at(-1)?.body as TaskQueryBody;
    expect(query.page).toBe(1);
    expect(query.filterParams?.taskName).toBe('Loan');
    expect(team.page).toBe(1);
    expect(team.filters.taskName).toBe('Loan');
    expect(team.rows.map((row) => row.taskId)).toEqual(['t-10', 't-12']);
    // What is still on the page stays selected; what left cannot be acted on.
    expect(team.selectedIds).toEqual(['t-10']);
    expect(statuses).not.toContain(RemoteLoadingStatus.loading);
  });

  it('given a new task or a task that changed hands, then the bell reloads; given a comment or a due date, then only the lists do', async () => {
    const bell = () => server.calls('GET', summaryPath).length;
    const start = bell();

    sources.latest.send('task', aTaskEvent({ change: LiveTaskChange.commented }));
    sources.latest.send('task', aTaskEvent({ change: LiveTaskChange.dueDateChanged }));
    await afterTheBurst();
    expect(bell()).toBe(start);

    sources.latest.send('task', aTaskEvent({ change: LiveTaskChange.created }));
    await afterTheBurst();
    expect(bell()).toBe(start + 1);
  });

  it('given a resync, then the lists and the bell reload once', async () => {
    const lists = listCalls(TaskListKind.assigned).length;
    const bell = server.calls('GET', summaryPath).length;

    sources.latest.send('resync', '{}');
    await afterTheBurst();

    expect(listCalls(TaskListKind.assigned).length).toBe(lists + 1);
    expect(server.calls('GET', summaryPath).length).toBe(bell + 1);
  });

  it('given a stream that dropped, when it is back, then the lists and the bell reload once', async () => {
    const lists = listCalls(TaskListKind.candidate).length;
    const bell = server.calls('GET', summaryPath).length;

    sources.latest.drop();
    sources.latest.open();
    await afterTheBurst();

    expect(listCalls(TaskListKind.candidate).length).toBe(lists + 1);
    expect(server.calls('GET', summaryPath).length).toBe(bell + 1);
  });

  it('given malformed data, then nothing reloads', async () => {
    const before = server.requests.length;

    sources.latest.send('task', '{"change":"closed"');
    sources.latest.send('task', JSON.stringify({ change: 'closed' }));
    await afterTheBurst();

    expect(server.requests.length).toBe(before);
  });

  it('given the user signs out, then the stream is closed', async () => {
    const stream = sources.latest;

    await stores.session.logout();

    expect(stream.closed).toBe(true);
    expect(sources.opened).toHaveLength(1);
  });
});
