import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { RecordsPath } from '../../schemas/api/recordsConstants';
import { TaskPath, type TaskListAnswer, type TaskQueryBody } from '../../schemas/api/tasks';
import { QuickFilterType, TaskListKind } from '../api/tasksApi';
import { aTaskRow } from '../dashboard/testing/aTaskRow';
import { i18n } from '../i18n/i18n';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { Shell } from './Shell';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

/** An assigned list of 12 tasks, of which the quick filter "today" keeps 4. */
function anAnswer(query: TaskQueryBody): TaskListAnswer {
  const total = query.quickFilterType === QuickFilterType.today ? 4 : 12;
  return {
    content: Array.from({ length: Math.min(total, query.size) }, (_, i) =>
      aTaskRow({ taskId: `t-${i}` }),
    ),
    totalHeadCount: 12,
    totalCount: total,
    totalAll: 12,
    totalNew: 0,
    totalToday: 4,
    totalThisWeek: 4,
    totalOverdue: 0,
    page: query.page,
    size: query.size,
  };
}

/** The signed-in shell around a page with one button, for an officer with access-task. */
async function renderShell() {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, {
    status: 200,
    body: anAccount({ privileges: ['access-task'] }),
  });
  server.on('GET', RecordsPath.definitions, { status: 200, body: { result: [] } });
  server.on('POST', TaskPath[TaskListKind.assigned], (request) => ({
    status: 200,
    body: anAnswer(request.body as TaskQueryBody),
  }));
  stores = createTestStores('/').stores;
  await stores.session.start();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <Shell>
          <button type="button">Open task</button>
        </Shell>
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  return stores;
}

describe('Shell: skip link', () => {
  it('given the signed-in shell, when the user presses Tab, then the skip link has the focus', async () => {
    await renderShell();
    const user = userEvent.setup();

    await user.tab();

    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to main content' }));
  });

  it('given the skip link focused, when the user presses Enter, then the main region has the focus', async () => {
    await renderShell();
    const user = userEvent.setup();
    await user.tab();

    await user.keyboard('{Enter}');

    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('Shell: live region', () => {
  it('given the dashboard list, when a quick filter narrows it to 4, then the status region says "4 tasks"', async () => {
    const root = await renderShell();
    const list = root.dashboard.lists.assigned;
    await act(() => list.load());

    await act(() => list.setQuickFilter(QuickFilterType.today));

    const region = screen.getByTestId('live-announcer');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(within(region).getByText('4 tasks')).toBeTruthy();
  });

  it('given a count already said, when the same words are said again, then the region holds them once, in a new node', async () => {
    const root = await renderShell();
    act(() => root.announcer.announce('dashboard.resultCount', { count: 1 }));
    const first = within(screen.getByTestId('live-announcer')).getByText('1 task');

    act(() => root.announcer.announce('dashboard.resultCount', { count: 1 }));

    const second = within(screen.getByTestId('live-announcer')).getByText('1 task');
    expect(second).not.toBe(first);
  });

  it('given French, when 1 234 records are announced, then the number reads in the French format', async () => {
    const root = await renderShell();
    await act(() => i18n.changeLanguage('fr'));
    try {
      act(() => root.announcer.announce('records.count', { count: 1234 }));

      expect(screen.getByTestId('live-announcer').textContent).toMatch(/^1\s234 enregistrements$/);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
