import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TaskPath, type TaskListAnswer, type TaskQueryBody } from '../../schemas/api/tasks';
import { TaskListKind } from '../api/tasksApi';
import { ToastStore } from '../stores/ToastStore';
import { FakeServer } from '../testing/fakeServer';
import { TaskListStore } from './TaskListStore';
import { TaskPager } from './TaskPager';
import { aTaskRow } from './testing/aTaskRow';

/** How many tasks the list holds; twelve (two pages of 10) unless a case says otherwise. */
let total = 12;

function aPage(query: TaskQueryBody): TaskListAnswer {
  const start = query.page * query.size;
  const count = Math.max(0, Math.min(query.size, total - start));
  return {
    content: Array.from({ length: count }, (_, i) => aTaskRow({ taskId: `t-${start + i}` })),
    totalHeadCount: total,
    totalCount: total,
    totalAll: total,
    totalNew: 0,
    totalToday: 0,
    totalThisWeek: 0,
    totalOverdue: 0,
    page: query.page,
    size: query.size,
  };
}

let server: FakeServer;

beforeEach(() => {
  total = 12;
  server = new FakeServer();
  server.on('POST', TaskPath[TaskListKind.assigned], (request) => ({
    status: 200,
    body: aPage(request.body as TaskQueryBody),
  }));
});

afterEach(() => {
  server.restore();
});

/** The pager of a loaded assigned list on its first page. */
async function renderPager(): Promise<TaskListStore> {
  const list = new TaskListStore(TaskListKind.assigned, { toasts: new ToastStore() });
  await list.load();
  render(<TaskPager list={list} />);
  return list;
}

const next = () => screen.getByRole('button', { name: 'Next page' });
const previous = () => screen.getByRole('button', { name: 'Previous page' });

describe('TaskPager: focus', () => {
  it('given page 1 of 2, when Next is pressed by keyboard and the last page shows, then the focus moves to Previous, not the body', async () => {
    const list = await renderPager();
    const user = userEvent.setup();
    act(() => next().focus());

    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('page-range').textContent).toBe('11–12 of 12'));
    expect(list.page).toBe(1);
    expect(next()).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(previous()));
  });

  it('given a page loading after Next, when it is still on its way, then Next keeps the focus and only reads as unavailable', async () => {
    const list = await renderPager();
    act(() => next().focus());

    act(() => next().click());

    expect(list.isLoading).toBe(true);
    expect(document.activeElement).toBe(next());
    expect(next().getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(list.isLoading).toBe(false));
    await waitFor(() => expect(document.activeElement).toBe(previous()));
  });

  it('given page 1 of 3, when Next is pressed by keyboard, then Next keeps the focus', async () => {
    total = 25;
    await renderPager();
    const user = userEvent.setup();
    act(() => next().focus());

    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('page-range').textContent).toBe('11–20 of 25'));
    expect(document.activeElement).toBe(next());
  });

  it('given the last of two pages, when Previous is pressed, then the focus moves to Next, not the body', async () => {
    const list = await renderPager();
    await act(() => list.setPage(1));
    const user = userEvent.setup();
    act(() => previous().focus());

    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.getByTestId('page-range').textContent).toBe('1–10 of 12'));
    expect(previous()).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(next()));
  });
});
