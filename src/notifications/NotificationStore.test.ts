import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotificationPath, type NotificationSummary } from '../../schemas/api/notifications';
import { ShellStore } from '../stores/ShellStore';
import { ToastStore } from '../stores/ToastStore';
import { anAccount, RecordingNavigator } from '../testing/createTestStores';
import { FakeServer } from '../testing/fakeServer';
import type { DesktopNotifier, NewArrivals } from './desktopNotifier';
import { skipsDesktopNotifications } from './desktopNotifier';
import { NotificationStore } from './NotificationStore';

function summary(assigned: number[], candidate: number[]): NotificationSummary {
  const entry = (id: number) => ({
    id,
    taskName: `Task ${id}`,
    groupName: null,
    taskId: `t-${id}`,
    processName: 'Loan origination',
    createdTime: '2026-06-10T09:00:00.000Z',
  });
  return {
    assignedTasks: { count: assigned.length, notificationData: assigned.map(entry) },
    candidateTasks: { count: candidate.length, notificationData: candidate.map(entry) },
  };
}

class RecordingNotifier implements DesktopNotifier {
  readonly available = true;
  readonly canAsk = false;
  readonly shown: NewArrivals[] = [];
  ask = () => Promise.resolve(true);
  notify = (arrivals: NewArrivals) => void this.shown.push(arrivals);
}

let server: FakeServer;
let shell: ShellStore;
let navigator: RecordingNavigator;
let desktop: RecordingNotifier;
let store: NotificationStore;
const account = { current: anAccount({ id: 'lmartin' }) as ReturnType<typeof anAccount> | null };

beforeEach(() => {
  server = new FakeServer();
  shell = new ShellStore();
  navigator = new RecordingNavigator('/');
  desktop = new RecordingNotifier();
  account.current = anAccount({ id: 'lmartin' });
  store = new NotificationStore({
    currentUserId: () => account.current?.id ?? null,
    shell,
    toasts: new ToastStore(),
    navigator,
    desktop,
  });
});

afterEach(() => {
  store.stop();
  server.restore();
});

describe('NotificationStore', () => {
  it('feeds the unread count to the shell: bell, tab title and badge', async () => {
    server.on('GET', NotificationPath.summary('lmartin'), {
      status: 200,
      body: summary([1, 2], [3, 4, 5, 6, 7, 8, 9, 10]),
    });

    await store.refresh();

    expect(store.unreadCount).toBe(10);
    expect(shell.unreadCount).toBe(10);
    expect(shell.badgeText).toBe('9+');
    expect(shell.documentTitle).toBe('(9+) Tessera Task');
  });

  it('opens the assigned entry: marks the kind read, clears its count, goes to the NEW filter', async () => {
    server.on('GET', NotificationPath.summary('lmartin'), {
      status: 200,
      body: summary([1, 2], [3]),
    });
    server.on('PUT', NotificationPath.readKind, { status: 200, body: { result: { updated: 2 } } });
    await store.refresh();

    await store.open('assigned');

    expect(server.calls('PUT', NotificationPath.readKind)[0]?.body).toEqual({
      kind: 'assigned',
      upTo: '2026-06-10T09:00:00.000Z',
    });
    expect(server.calls('PUT', NotificationPath.read)).toEqual([]);
    expect(store.summary.assignedTasks.count).toBe(0);
    expect(shell.documentTitle).toBe('(1) Tessera Task');
    expect(navigator.visits).toEqual(['/?tab=assigned&filter=NEW']);
  });

  it('given 31 unread of which 20 are listed, when the kind is opened, then the whole kind is marked read up to the newest shown', async () => {
    const listed = Array.from({ length: 20 }, (_, index) => 100 + index);
    const partial = summary(listed, [3]);
    const times = listed.map((_, index) => new Date(Date.UTC(2026, 5, 10, 9, 59 - index)));
    partial.assignedTasks = {
      count: 31,
      notificationData: partial.assignedTasks.notificationData.map((entry, index) => ({
        ...entry,
        createdTime: (times[index] as Date).toISOString(),
      })),
    };
    server.on('GET', NotificationPath.summary('lmartin'), { status: 200, body: partial });
    server.on('PUT', NotificationPath.readKind, { status: 200, body: { result: { updated: 31 } } });
    await store.refresh();
    expect(shell.unreadCount).toBe(32);

    await store.open('assigned');

    const calls = server.calls('PUT', NotificationPath.readKind);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ kind: 'assigned', upTo: '2026-06-10T09:59:00.000Z' });
    expect(store.countOf('assigned')).toBe(0);
    expect(store.countOf('candidate')).toBe(1);
    expect(shell.unreadCount).toBe(1);
  });

  it('given the server refuses, when a kind is opened, then the count stays and the failure is reported', async () => {
    const toasts = new ToastStore();
    const failing = new NotificationStore({
      currentUserId: () => 'lmartin',
      shell,
      toasts,
      navigator,
      desktop,
    });
    server.on('GET', NotificationPath.summary('lmartin'), { status: 200, body: summary([1], []) });
    server.on('PUT', NotificationPath.readKind, {
      status: 500,
      body: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'Internal error' },
    });
    await failing.refresh();

    await failing.open('assigned');

    expect(failing.countOf('assigned')).toBe(1);
    expect(shell.unreadCount).toBe(1);
    expect(toasts.toasts.map((toast) => toast.key)).toEqual(['common.serverErrorTryAgain']);
    expect(navigator.visits).toEqual(['/?tab=assigned&filter=NEW']);
  });

  it('opens the candidate entry on the candidate tab', async () => {
    server.on('GET', NotificationPath.summary('lmartin'), { status: 200, body: summary([], [3]) });
    server.on('PUT', NotificationPath.readKind, { status: 200, body: { result: { updated: 1 } } });
    await store.refresh();

    await store.open('candidate');

    expect(server.calls('PUT', NotificationPath.readKind)[0]?.body).toMatchObject({
      kind: 'candidate',
    });
    expect(navigator.visits).toEqual(['/?tab=candidate']);
    expect(shell.unreadCount).toBe(0);
  });

  it('given nothing unread of a kind, when it is opened, then only the navigation happens', async () => {
    server.on('GET', NotificationPath.summary('lmartin'), { status: 200, body: summary([], [3]) });
    await store.refresh();

    await store.open('assigned');

    expect(server.calls('PUT', NotificationPath.readKind)).toEqual([]);
    expect(navigator.visits).toEqual(['/?tab=assigned&filter=NEW']);
  });

  it('raises a desktop notification for arrivals after the first load only', async () => {
    let answer = summary([1], [2]);
    server.on('GET', NotificationPath.summary('lmartin'), () => ({ status: 200, body: answer }));

    await store.refresh();
    expect(desktop.shown).toEqual([]);

    answer = summary([1, 5], [2, 6, 7]);
    await store.refresh();
    expect(desktop.shown).toEqual([{ assigned: 1, candidate: 2 }]);

    await store.refresh();
    expect(desktop.shown).toHaveLength(1);
  });

  it('forgets everything when the account changes', async () => {
    server.on('GET', NotificationPath.summary('lmartin'), { status: 200, body: summary([1], []) });
    const observed = { id: 'lmartin' as string | null };
    const tracked = new NotificationStore({
      currentUserId: () => observed.id,
      shell,
      toasts: new ToastStore(),
      navigator,
      desktop,
    });
    await tracked.refresh();
    expect(tracked.unreadCount).toBe(1);
    runInAction(() => tracked.reset());
    expect(tracked.unreadCount).toBe(0);
  });
});

describe('skipsDesktopNotifications', () => {
  it('skips phones and Linux-like systems', () => {
    expect(
      skipsDesktopNotifications('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120'),
    ).toBe(true);
    expect(
      skipsDesktopNotifications('Mozilla/5.0 (Linux; Android 14; Pixel 8) Mobile Safari/537.36'),
    ).toBe(true);
    expect(skipsDesktopNotifications('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toBe(true);
    expect(
      skipsDesktopNotifications(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/120 Safari/537.36',
      ),
    ).toBe(false);
    expect(
      skipsDesktopNotifications('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Safari/605.1.15'),
    ).toBe(false);
  });
});
