import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskPath, type TaskListAnswer, type TaskQueryBody } from '../../schemas/api/tasks';
import { CommentPath } from '../../schemas/api/comments';
import { QuickFilterType, SortField, SortOrder, TaskListKind } from '../api/tasksApi';
import { FakeServer, type FakeRequest } from '../testing/fakeServer';
import { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { BULK_REASSIGN_LIMIT } from '../../schemas/api/tasksConstants';
import { ListBanner, TaskListStore } from './TaskListStore';
import { aTaskRow } from './testing/aTaskRow';
import { REASSIGN_CAPABILITIES_PATH } from '../api/reassignCapabilityApi';

/** A page of `count` rows with the given total, as the list calls answer. */
function aPage(query: TaskQueryBody, total: number): TaskListAnswer {
  const start = query.page * query.size;
  const count = Math.max(0, Math.min(query.size, total - start));
  return {
    content: Array.from({ length: count }, (_, i) => aTaskRow({ taskId: `t-${start + i}` })),
    totalHeadCount: total,
    totalCount: total,
    totalAll: total,
    totalNew: 3,
    totalToday: 4,
    totalThisWeek: 5,
    totalOverdue: 6,
    page: query.page,
    size: query.size,
  };
}

let server: FakeServer;

beforeEach(() => {
  server = new FakeServer();
});

afterEach(() => {
  server.restore();
});

/** Scripts a list answering `total` tasks, and answers its requests. */
function serveList(kind: TaskListKind, total: number): () => FakeRequest[] {
  server.on('POST', TaskPath[kind], (request) => ({
    status: 200,
    body: aPage(request.body as TaskQueryBody, total),
  }));
  server.on('POST', CommentPath.availability, (request) => ({
    status: 200,
    body: {
      result: (request.body as { taskIds: string[] }).taskIds.map((taskId) => ({
        taskId,
        commentAvailable: taskId === 't-0',
        read: false,
      })),
    },
  }));
  server.on('POST', REASSIGN_CAPABILITIES_PATH, (request) => ({
    status: 200,
    body: {
      result: (request.body as { taskIds: string[] }).taskIds.map((taskId) => ({
        taskId,
        canBeReassigned: taskId !== 't-1',
        reassignableTo: 'ALL_USERS',
      })),
    },
  }));
  return () => server.calls('POST', TaskPath[kind]);
}

const lastQuery = (calls: () => FakeRequest[]): TaskQueryBody => {
  const body = calls().at(-1)?.body;
  if (!body) throw new Error('no list request was made');
  return body as TaskQueryBody;
};

describe('TaskListStore: the query', () => {
  it('asks for page 0 of 10 by due date ascending, OPEN for assigned and candidate', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await list.load();

    expect(lastQuery(calls)).toEqual({
      page: 0,
      size: 10,
      state: 'OPEN',
      sortType: 'DUE_DATE_ASC',
      sortParams: [{ param: 'dueDate', order: 'ASC' }],
      assignment: 'INVOLVED',
      filterNew: false,
      filterParams: {},
      quickFilterType: 'ALL',
      countAvailability: true,
    });
    expect(list.rows).toHaveLength(10);
    expect(list.counters.totalCount).toBe(45);
    expect(list.status).toBe(RemoteLoadingStatus.fullyLoaded);
  });

  it('sends no state for the team list and the team column names for its sort', async () => {
    const calls = serveList(TaskListKind.team, 12);
    const list = new TaskListStore(TaskListKind.team, { toasts: new ToastStore() });

    await list.sortBy(SortField.assigneeName);

    const query = lastQuery(calls);
    expect(query.state).toBeUndefined();
    expect(query.assignment).toBe('TEAM');
    expect(query.sortParams).toEqual([{ param: 'iu.displayName', order: 'DESC' }]);
  });

  it('sends NEW as filterNew and status, the others as dateType', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await list.setQuickFilter(QuickFilterType.new);
    expect(lastQuery(calls)).toMatchObject({
      filterNew: true,
      quickFilterType: 'NEW',
      filterParams: { status: 'NEW' },
    });

    await list.setQuickFilter(QuickFilterType.overdue);
    expect(lastQuery(calls)).toMatchObject({
      filterNew: false,
      quickFilterType: 'OVERDUE',
      filterParams: { dateType: 'OVERDUE' },
    });
    expect(list.countOf(QuickFilterType.overdue)).toBe(6);
  });

  it('does not offer NEW on the candidate list', async () => {
    const calls = serveList(TaskListKind.candidate, 5);
    const list = new TaskListStore(TaskListKind.candidate, { toasts: new ToastStore() });

    expect(list.quickFilters).not.toContain(QuickFilterType.new);
    await list.setQuickFilter(QuickFilterType.new);
    expect(lastQuery(calls).quickFilterType).toBe('ALL');
  });

  it('sends the applied filters, the assignee only on the team list', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await list.applyFilters({ dueDate: '2026-06-12', taskName: ' Rivera ', assignee: 'jmorales' });

    expect(lastQuery(calls).filterParams).toEqual({ dueDate: '2026-06-12', taskName: 'Rivera' });
  });
});

describe('TaskListStore: paging and sorting', () => {
  it('goes to another page and back to page 0 when the size changes', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const sizes: number[] = [];
    const list = new TaskListStore(TaskListKind.assigned, {
      toasts: new ToastStore(),
      onPageSizeChange: (_kind, size) => sizes.push(size),
    });
    await list.load();

    await list.setPage(4);
    expect(lastQuery(calls).page).toBe(4);
    expect(list.rows).toHaveLength(5);

    await list.setSize(20);
    expect(lastQuery(calls)).toMatchObject({ page: 0, size: 20 });
    expect(sizes).toEqual([20]);
  });

  it('names the range of the rows on screen, not of a page still on its way', async () => {
    serveList(TaskListKind.assigned, 13);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });
    await list.load();
    await list.setSize(5);
    await list.setPage(1);
    expect(list.range).toEqual({ from: 6, to: 10, total: 13 });

    const next = list.setPage(2);
    expect(list.page).toBe(2);
    expect(list.range).toEqual({ from: 6, to: 10, total: 13 });
    await next;
    expect(list.range).toEqual({ from: 11, to: 13, total: 13 });
    expect(list.rows).toHaveLength(3);
  });

  it('refuses a page size that is not offered', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await list.setSize(7);

    expect(calls()).toHaveLength(0);
    expect(list.size).toBe(10);
  });

  it('sorts a new column descending first, then toggles, from page 0', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });
    await list.load();
    await list.setPage(2);

    await list.sortBy(SortField.taskName);
    expect(list.sort).toEqual({ field: SortField.taskName, order: SortOrder.DESC });
    expect(lastQuery(calls)).toMatchObject({ page: 0, sortType: 'TASK_NAME_DESC' });

    await list.sortBy(SortField.taskName);
    expect(list.sort.order).toBe(SortOrder.ASC);

    // The default column is a new column too once another was chosen.
    await list.sortBy(SortField.dueDate);
    expect(list.sort).toEqual({ field: SortField.dueDate, order: SortOrder.DESC });
  });

  it('toggles the default due-date sort to descending on the first click', async () => {
    serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await list.sortBy(SortField.dueDate);

    expect(list.sort.order).toBe(SortOrder.DESC);
  });

  it('resets to page 0 on a quick filter and on applied filters', async () => {
    const calls = serveList(TaskListKind.assigned, 45);
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });
    await list.load();
    await list.setPage(3);

    await list.setQuickFilter(QuickFilterType.today);
    expect(lastQuery(calls).page).toBe(0);

    await list.setPage(1);
    await list.search('Rivera');
    expect(lastQuery(calls)).toMatchObject({ page: 0, filterParams: { taskName: 'Rivera' } });
  });
});

describe('TaskListStore: selection', () => {
  async function teamList(total: number) {
    serveList(TaskListKind.team, total);
    const list = new TaskListStore(TaskListKind.team, { toasts: new ToastStore() });
    await list.setSize(100);
    return list;
  }

  it('is cleared by paging, sorting, a quick filter and applied filters', async () => {
    const list = await teamList(250);
    const select = () => {
      list.toggleSelected('t-0');
      list.toggleSelected('t-1');
      expect(list.selectedIds).toHaveLength(2);
    };

    select();
    await list.setPage(1);
    expect(list.selectedIds).toEqual([]);

    select();
    await list.sortBy(SortField.processName);
    expect(list.selectedIds).toEqual([]);

    select();
    await list.setQuickFilter(QuickFilterType.week);
    expect(list.selectedIds).toEqual([]);

    select();
    await list.applyFilters({ dueDate: null, taskName: '', assignee: 'jmorales' });
    expect(list.selectedIds).toEqual([]);
  });

  it('takes at most 20 rows, and select-all picks the first 20', async () => {
    const list = await teamList(60);

    for (let i = 0; i < 25; i += 1) list.toggleSelected(`t-${i}`);
    expect(list.selectedIds).toHaveLength(BULK_REASSIGN_LIMIT);
    expect(list.atSelectionLimit).toBe(true);
    expect(list.isSelected('t-20')).toBe(false);

    list.clearSelection();
    list.toggleAllOnPage();
    // t-1 may not be reassigned (spec 000 section 6), so select-all leaves it out.
    expect(list.selectedIds).toEqual(
      Array.from({ length: 21 }, (_, i) => `t-${i}`).filter((id) => id !== 't-1'),
    );
    expect(list.allOnPageSelected).toBe(true);

    list.toggleAllOnPage();
    expect(list.selectedIds).toEqual([]);
  });

  it('unselects a row even at the limit', async () => {
    const list = await teamList(60);
    list.toggleAllOnPage();

    list.toggleSelected('t-3');

    expect(list.selectedIds).toHaveLength(19);
    expect(list.atSelectionLimit).toBe(false);
  });

  it('selects failed rows again, only those on the page and within the limit', async () => {
    const list = await teamList(60);

    list.reselect(['t-2', 't-404', 't-5']);

    expect(list.selectedIds).toEqual(['t-2', 't-5']);
  });
});

describe('TaskListStore: answers', () => {
  it('asks for the comment status of the team rows', async () => {
    serveList(TaskListKind.team, 3);
    const list = new TaskListStore(TaskListKind.team, { toasts: new ToastStore() });

    await list.load();

    expect(server.calls('POST', CommentPath.availability)[0]?.body).toEqual({
      taskIds: ['t-0', 't-1', 't-2'],
    });
    expect(list.commentStatus.get('t-0')?.commentAvailable).toBe(true);
  });

  it('spec 000 section 6: given team rows, when they load, then each row’s canBeReassigned is asked for and a false one is not offered', async () => {
    serveList(TaskListKind.team, 3);
    const list = new TaskListStore(TaskListKind.team, { toasts: new ToastStore() });

    await list.load();

    expect(server.calls('POST', REASSIGN_CAPABILITIES_PATH)[0]?.body).toEqual({
      taskIds: ['t-0', 't-1', 't-2'],
    });
    expect(list.canReassign('t-0')).toBe(true);
    expect(list.canReassign('t-1')).toBe(false);
  });

  it('shows the technical banner on a failure, and clears it after a good answer', async () => {
    server.on('POST', TaskPath.assigned, { status: 500, body: { code: 'INTERNAL_ERROR' } });
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await list.load();
    expect(list.status).toBe(RemoteLoadingStatus.loadingFailed);
    expect(list.banner).toBe(ListBanner.technical);

    serveList(TaskListKind.assigned, 2);
    await list.load();
    expect(list.banner).toBeNull();
  });

  it('spec 000 section 8: given a paged answer without content, when the list loads, then it fails and noExpectedProperty is shown', async () => {
    server.on('POST', TaskPath.assigned, { status: 200, body: { totalCount: 3 } });
    const toasts = new ToastStore();
    const list = new TaskListStore(TaskListKind.assigned, { toasts });

    await list.load();

    expect(list.status).toBe(RemoteLoadingStatus.loadingFailed);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['dashboard.noExpectedProperty']);
  });

  it('spec 000 section 8: given a tab whose load fails with a 500, when it loads, then the technical banner (not a toast) tells it', async () => {
    server.on('POST', TaskPath.assigned, { status: 500, body: { code: 'INTERNAL_ERROR' } });
    const toasts = new ToastStore();
    const list = new TaskListStore(TaskListKind.assigned, { toasts });

    await list.load();

    expect(list.banner).toBe(ListBanner.technical);
    expect(toasts.toasts).toHaveLength(0);
  });

  it('keeps only the newest answer when loads overlap', async () => {
    let answered = 0;
    server.on('POST', TaskPath.assigned, (request) => {
      answered += 1;
      const query = request.body as TaskQueryBody;
      return { status: 200, body: aPage(query, query.filterParams?.taskName ? 1 : 30) };
    });
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });

    await Promise.all([list.load(), list.search('Rivera')]);

    expect(answered).toBe(2);
    expect(list.rows).toHaveLength(1);
  });

  it('steps back from a page that no longer exists', async () => {
    let total = 25;
    server.on('POST', TaskPath.assigned, (request) => ({
      status: 200,
      body: aPage(request.body as TaskQueryBody, total),
    }));
    const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });
    await list.load();
    await list.setPage(2);

    total = 18;
    await list.load();

    expect(list.page).toBe(1);
    expect(list.rows).toHaveLength(8);
  });
});
