import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import type { NotificationSummary } from '../../schemas/api/notifications';
import type { RootStore } from '../RootStore';
import { StoresContext } from '../stores/useStores';
import { anAccount, createTestStores } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import { NotificationCenter } from './NotificationCenter';

let stores: RootStore | undefined;
let server: FakeServer | undefined;

afterEach(() => {
  stores?.dispose();
  server?.restore();
});

const ACCOUNT = anAccount();

/** Two new assigned tasks and one to claim. */
const threeUnread: NotificationSummary = {
  assignedTasks: {
    count: 2,
    notificationData: [
      {
        id: 1,
        taskName: 'Review documents',
        groupName: null,
        taskId: 't-1',
        processName: 'Branch intake',
        createdTime: '2026-11-30T08:00:00.000Z',
      },
      {
        id: 2,
        taskName: 'Call the customer',
        groupName: null,
        taskId: 't-2',
        processName: 'Branch intake',
        createdTime: '2026-11-30T08:05:00.000Z',
      },
    ],
  },
  candidateTasks: {
    count: 1,
    notificationData: [
      {
        id: 3,
        taskName: 'Check the bureau',
        groupName: 'loan-officers',
        taskId: 't-3',
        processName: 'Branch intake',
        createdTime: '2026-11-30T08:10:00.000Z',
      },
    ],
  },
};

const nothingUnread: NotificationSummary = {
  assignedTasks: { count: 0, notificationData: [] },
  candidateTasks: { count: 0, notificationData: [] },
};

/** Signs in, renders the bell and opens its popup on a given summary. */
async function openPopup(summary: NotificationSummary) {
  server = new FakeServer();
  server.on('GET', IdentityPath.authorizationStatus, {
    status: 200,
    body: { status: 'AUTHORIZED' },
  });
  server.on('GET', IdentityPath.account, { status: 200, body: ACCOUNT });
  server.on('GET', `/api/query/v1/notifications/${ACCOUNT.id}`, { status: 200, body: summary });
  stores = createTestStores('/').stores;
  await stores.session.start();
  render(
    <StoresContext.Provider value={stores}>
      <MemoryRouter>
        <NotificationCenter />
      </MemoryRouter>
    </StoresContext.Provider>,
  );
  const notifications = stores.notifications;
  const expected = summary.assignedTasks.count + summary.candidateTasks.count;
  await waitFor(() => expect(notifications.unreadCount).toBe(expected));
  await userEvent.setup().click(screen.getByTestId('notification-bell'));
  return within(await screen.findByTestId('notification-panel'));
}

describe('spec 000 section 2 (line 54): the notification popup’s title, count and empty-state illustration', () => {
  it('given three unread notifications, when the popup opens, then it is titled Notifications and shows the unread count 3', async () => {
    const panel = await openPopup(threeUnread);
    expect(panel.getByRole('heading', { level: 2 }).textContent).toBe('Notifications');
    expect(screen.getByRole('dialog', { name: 'Notifications' })).toBeTruthy();
    expect(panel.getByTestId('notification-unread').textContent).toBe('3 unread');
    expect(panel.queryByText('You are all caught up')).toBeNull();
  });

  it('given no unread notification, when the popup opens, then under its title it shows the empty state with an illustration', async () => {
    const panel = await openPopup(nothingUnread);
    expect(panel.getByRole('heading', { level: 2 }).textContent).toBe('Notifications');
    expect(panel.queryByTestId('notification-unread')).toBeNull();
    const empty = panel.getByText('You are all caught up').parentElement;
    const art = empty?.querySelector('svg.tessera-notifications__art');
    expect(art).not.toBeNull();
    expect(art?.getAttribute('aria-hidden')).toBe('true');
  });
});
