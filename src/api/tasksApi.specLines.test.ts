import { afterEach, describe, expect, it } from 'vitest';
import { TaskPath, type TaskQueryBody } from '../../schemas/api/tasks';
import { ListBanner, TaskListStore } from '../dashboard/TaskListStore';
import { aTaskRow } from '../dashboard/testing/aTaskRow';
import { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { FakeServer } from '../testing/fakeServer';
import { ApiError } from './errors';
import { fetchTaskList, TaskListKind } from './tasksApi';

let server: FakeServer | undefined;

afterEach(() => server?.restore());

/** A well-formed page of one task, whatever the status it comes with. */
const onePage = {
  content: [aTaskRow()],
  totalHeadCount: 1,
  totalCount: 1,
  totalAll: 1,
  totalNew: 0,
  totalToday: 0,
  totalThisWeek: 0,
  totalOverdue: 0,
  page: 0,
  size: 10,
};

const query: TaskQueryBody = {
  page: 0,
  size: 10,
  state: 'OPEN',
  assignment: 'INVOLVED',
  sortParams: [{ param: 'dueDate', order: 'ASC' }],
};

describe('spec 000 section 7 (line 280): a non-200 answer of a paged call is treated as status 500', () => {
  it.each([202, 204, 400, 404, 409, 422, 429, 500, 502])(
    'given the assigned list answering %i, when a page is fetched, then the call fails as a 500',
    async (status) => {
      server = new FakeServer().on('POST', TaskPath.assigned, { status, body: onePage });
      const failure = await fetchTaskList(TaskListKind.assigned, query).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).status).toBe(500);
    },
  );

  it('given the team list answering 202 with rows, when it loads, then it shows the technical error as for a 500, not the rows', async () => {
    server = new FakeServer().on('POST', TaskPath.team, { status: 202, body: onePage });
    const list = new TaskListStore(TaskListKind.team, { toasts: new ToastStore() });
    await list.load();
    expect(list.status).toBe(RemoteLoadingStatus.loadingFailed);
    expect(list.banner).toBe(ListBanner.technical);
    expect(list.rows).toEqual([]);
  });
});
