import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { NotificationPath, type NotificationSummary } from '../../schemas/api/notifications';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { NotificationCenter } from './NotificationCenter';

/** The spec's refresh period, written out: a changed constant must not pass unnoticed. */
const THIRTY_MINUTES_MS = 1_800_000;

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  vi.useRealTimers();
  stores?.dispose();
  server?.restore();
});

/** A summary with `assigned` new assigned tasks and no candidate ones. */
function summaryOf(assigned: number): NotificationSummary {
  return {
    assignedTasks: {
      count: assigned,
      notificationData: Array.from({ length: assigned }, (_, index) => ({
        id: index + 1,
        taskName: `Task ${index + 1}`,
        groupName: null,
        taskId: `t-${index + 1}`,
        processName: 'Loan origination',
        createdTime: '2026-06-10T09:00:00.000Z',
      })),
    },
    candidateTasks: { count: 0, notificationData: [] },
  };
}

/** Signs an officer in against the fake server; the bell's answer is whatever `unread` says. */
async function signedInStores(unread: { count: number }): Promise<RootStore> {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, { status: 200, body: anAccount({ id: 'lmartin' }) });
  server.on('GET', NotificationPath.summary('lmartin'), () => ({
    status: 200,
    body: summaryOf(unread.count),
  }));
  stores = createTestStores('/').stores;
  await stores.session.start();
  return stores;
}

function renderBell(root: RootStore): ReturnType<typeof render> {
  return render(
    <StoresContext.Provider value={root}>
      <MemoryRouter>
        <NotificationCenter />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
}

/** How many times the bell has asked the server for the summary. */
function summaryCalls(): number {
  return server?.calls('GET', NotificationPath.summary('lmartin')).length ?? 0;
}

/** Lets fake time pass, with the answers it brings rendered. */
async function pass(ms: number): Promise<void> {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

describe('spec 000 sections 4 and 9 (lines 171 and 317): notifications reload every 30 minutes', () => {
  it('given the bell of a signed-in officer, when 30 minutes pass, then the notifications are read again (not a moment before) and the badge shows the new count', async () => {
    const unread = { count: 1 };
    const root = await signedInStores(unread);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    renderBell(root);
    await pass(0);
    expect(summaryCalls()).toBe(1);
    expect(screen.getByTestId('unread-badge').textContent).toBe('1');

    unread.count = 4;
    await pass(THIRTY_MINUTES_MS - 1);
    expect(summaryCalls()).toBe(1);

    await pass(1);
    expect(summaryCalls()).toBe(2);
    expect(screen.getByTestId('unread-badge').textContent).toBe('4');

    await pass(THIRTY_MINUTES_MS);
    expect(summaryCalls()).toBe(3);
  });

  it('given the bell, when it is unmounted (sign-out, another page), then 30 minutes later nothing is read', async () => {
    const root = await signedInStores({ count: 0 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const view = renderBell(root);
    await pass(0);
    expect(summaryCalls()).toBe(1);

    view.unmount();
    await pass(THIRTY_MINUTES_MS);

    expect(summaryCalls()).toBe(1);
  });
});

describe('spec 000 section 2 (line 54): the notification popup', () => {
  it('given nothing unread, when the bell is opened, then the popup has its title and the empty-state illustration, and no unread count', async () => {
    renderBell(await signedInStores({ count: 0 }));
    const user = userEvent.setup();

    await user.click(screen.getByTestId('notification-bell'));

    const panel = within(await screen.findByTestId('notification-panel'));
    expect(panel.getByRole('heading', { name: 'Notifications' })).toBeTruthy();
    expect(panel.getByText('You are all caught up')).toBeTruthy();
    const art = screen.getByTestId('notification-panel').querySelector('svg');
    expect(art?.getAttribute('class')).toContain('tessera-notifications__art');
    expect(panel.queryByTestId('notification-unread')).toBeNull();
  });

  it('given three unread, when the bell is opened, then the popup says "3 unread" beside its title and shows no empty state', async () => {
    renderBell(await signedInStores({ count: 3 }));
    const user = userEvent.setup();
    await screen.findByText('3');

    await user.click(screen.getByTestId('notification-bell'));

    const panel = within(await screen.findByTestId('notification-panel'));
    expect(panel.getByTestId('notification-unread').textContent).toBe('3 unread');
    expect(panel.queryByText('You are all caught up')).toBeNull();
  });
});
