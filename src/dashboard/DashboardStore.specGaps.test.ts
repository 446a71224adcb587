import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommentPath } from '../../schemas/api/comments';
import { NotificationPath } from '../../schemas/api/notifications';
import {
  ReassignableTo,
  TaskPath,
  type TaskListAnswer,
  type TaskRow,
} from '../../schemas/api/tasks';
import { UserPath, type UserSummary } from '../../schemas/api/users';
import { TaskListKind } from '../api/tasksApi';
import type { RootStore } from '../RootStore';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { REASSIGN_CAPABILITIES_PATH } from '../api/reassignCapabilityApi';
import { aTaskRow } from './testing/aTaskRow';

/** The spec's time the success message stays, written out. */
const SUCCESS_SHOWN_MS = 7000;

const javier: UserSummary = {
  id: 'jmorales',
  email: 'javier.morales@tessera.example',
  firstName: 'Javier',
  lastName: 'Morales',
  fullName: 'Javier Morales',
};

const teamRow = aTaskRow({ taskId: 't-0', assignee: 'aokafor' });

function pageOf(rows: TaskRow[]): TaskListAnswer {
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

let server: FakeServer;
let stores: RootStore;

beforeEach(() => {
  server = new FakeServer();
  ({ stores } = createTestStores('/'));
  runInAction(() => {
    stores.session.account = anAccount({ id: 'mgarcia', firstName: 'María' });
  });
  for (const kind of Object.values(TaskListKind)) {
    server.on('POST', TaskPath[kind], {
      status: 200,
      body: pageOf(kind === TaskListKind.team ? [teamRow] : []),
    });
  }
  server.on('POST', CommentPath.availability, { status: 200, body: { result: [] } });
  server.on('POST', REASSIGN_CAPABILITIES_PATH, {
    status: 200,
    body: {
      result: [{ taskId: 't-0', canBeReassigned: true, reassignableTo: ReassignableTo.allUsers }],
    },
  });
  server.on('GET', NotificationPath.summary('mgarcia'), {
    status: 200,
    body: {
      assignedTasks: { count: 0, notificationData: [] },
      candidateTasks: { count: 0, notificationData: [] },
    },
  });
  server.on('GET', TaskPath.reassignInfo('t-0'), {
    status: 200,
    body: { canBeReassigned: true, reassignableTo: ReassignableTo.allUsers },
  });
  server.on('POST', UserPath.query, {
    status: 200,
    body: { result: { content: [javier], totalElements: 1, page: 0, size: 200 } },
  });
  server.on('PUT', TaskPath.reassign, {
    status: 200,
    body: { result: { taskId: 't-0', assignee: 'jmorales', assigneeName: 'Javier Morales' } },
  });
});

afterEach(() => {
  vi.useRealTimers();
  stores.dispose();
  server.restore();
});

describe('spec 000 sections 4 and 9 (lines 166 and 318): reassigned successfully shows for 7 seconds', () => {
  it('given a team task reassigned to Javier, when 6999 ms have passed, then the message still shows, and at 7000 ms it is gone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await stores.dashboard.lists.team.load();
    const row = stores.dashboard.lists.team.rows[0];
    if (!row) throw new Error('The team list has no row.');
    stores.dashboard.startReassign(row);
    const reassign = stores.dashboard.reassign;
    await reassign.loadUsers();
    reassign.selectUser(javier);
    reassign.proceed();

    await reassign.confirm();
    expect(stores.dashboard.reassignSuccessVisible).toBe(true);

    vi.advanceTimersByTime(SUCCESS_SHOWN_MS - 1);
    expect(stores.dashboard.reassignSuccessVisible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(stores.dashboard.reassignSuccessVisible).toBe(false);
  });
});
