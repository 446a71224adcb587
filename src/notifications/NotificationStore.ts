import { makeAutoObservable, reaction, runInAction } from 'mobx';
import { LiveTaskChange } from '../../schemas/api/liveConstants';
import { NotificationKind } from '../../schemas/api/notificationsConstants';
import {
  EMPTY_NOTIFICATIONS,
  fetchNotifications,
  markNotificationKindRead,
  type NotificationSummary,
} from '../api/notificationsApi';
import { QuickFilterType, TaskListKind } from '../api/tasksApi';
import type { LiveBatch } from '../live/LiveInboxStore';
import { NOTIFICATION_REFRESH_MS } from './notificationTimings';
import { reportFailure } from '../stores/reportFailure';
import type { AppNavigator } from '../stores/AppNavigator';
import type { ShellStore } from '../stores/ShellStore';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import type { DesktopNotifier } from './desktopNotifier';

/**
 * Where a notification leads: the assigned list with the NEW filter, or the candidate list
 * (spec 000 section 2). The dashboard reads `tab` and `filter` from the query once.
 */
export function dashboardLink(kind: NotificationKind): string {
  return kind === NotificationKind.assigned
    ? `/?tab=${TaskListKind.assigned}&filter=${QuickFilterType.new}`
    : `/?tab=${TaskListKind.candidate}`;
}

/** What the notifications need from the rest of the app. */
export interface NotificationStoreDeps {
  /** The signed-in user's id, or null when nobody is signed in. */
  currentUserId: () => string | null;
  /** Receives the unread count for the bell, the tab title and the favicon. */
  shell: ShellStore;
  /** Where failures are reported. */
  toasts: ToastStore;
  /** Moves the user to the dashboard. */
  navigator: AppNavigator;
  /** Shows browser notifications where allowed. */
  desktop: DesktopNotifier;
}

/**
 * The user's unread notifications (spec 000 section 4, "Notifications"): loaded when the bell
 * mounts, every 30 minutes and whenever a task action changes things. The unread count feeds
 * the shell; new arrivals raise a desktop notification where the browser allows one.
 */
export class NotificationStore {
  /** The last summary. */
  summary: NotificationSummary = EMPTY_NOTIFICATIONS;
  /** Where the last load stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Whether the browser has not been asked about desktop alerts yet. */
  desktopAskable: boolean;

  private readonly deps: NotificationStoreDeps;
  private timer: ReturnType<typeof setInterval> | null = null;
  private knownIds: Set<number> | null = null;
  private requestSeq = 0;

  constructor(deps: NotificationStoreDeps) {
    this.deps = deps;
    this.desktopAskable = deps.desktop.canAsk;
    makeAutoObservable<NotificationStore, 'deps' | 'timer' | 'knownIds' | 'requestSeq'>(this, {
      deps: false,
      timer: false,
      knownIds: false,
      requestSeq: false,
    });
    // Another account must not inherit the last one's notifications.
    reaction(
      () => deps.currentUserId(),
      () => this.reset(),
    );
  }

  /** Unread notifications of both kinds. */
  get unreadCount(): number {
    return this.summary.assignedTasks.count + this.summary.candidateTasks.count;
  }

  /** Whether the popup may offer desktop alerts (supported here and not decided yet). */
  get canAskForDesktop(): boolean {
    return this.desktopAskable && this.deps.desktop.available;
  }

  /** Asks the browser for permission to show desktop alerts (from a click). */
  async askForDesktop(): Promise<void> {
    await this.deps.desktop.ask();
    runInAction(() => {
      this.desktopAskable = this.deps.desktop.canAsk;
    });
  }

  /** The count of one kind. */
  countOf(kind: NotificationKind): number {
    return kind === NotificationKind.assigned
      ? this.summary.assignedTasks.count
      : this.summary.candidateTasks.count;
  }

  /** Loads now and every 30 minutes after; answers a function that stops it. */
  start(): () => void {
    this.stop();
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), NOTIFICATION_REFRESH_MS);
    return () => this.stop();
  }

  /** Stops the periodic reload. */
  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** Reloads the summary (on the timer and after task actions). */
  async refresh(): Promise<void> {
    const userId = this.deps.currentUserId();
    if (!userId) return;
    const seq = ++this.requestSeq;
    this.status = RemoteLoadingStatus.loading;
    try {
      const summary = await fetchNotifications(userId);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.summary = summary;
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
      this.deps.shell.setUnreadCount(this.unreadCount);
      this.announce(summary);
    } catch {
      // The bell keeps its last count; the next refresh tries again.
      if (seq === this.requestSeq) {
        runInAction(() => {
          this.status = RemoteLoadingStatus.loadingFailed;
        });
      }
    }
  }

  /**
   * A burst of the live inbox: the bell counts new assigned and candidate tasks, so it
   * reloads when a task was created or changed hands (or after a resync); comments and due
   * dates leave it as it is. The 30-minute reload stays, for a browser without the stream.
   */
  applyLive(batch: LiveBatch): Promise<void> {
    const touchesBell =
      batch.resync ||
      batch.events.some(
        (event) =>
          event.change === LiveTaskChange.created ||
          event.change === LiveTaskChange.assigneeChanged,
      );
    return touchesBell ? this.refresh() : Promise.resolve();
  }

  /** Raises a desktop notification for notifications not seen in an earlier load. */
  private announce(summary: NotificationSummary): void {
    const ids = [
      ...summary.assignedTasks.notificationData,
      ...summary.candidateTasks.notificationData,
    ].map((item) => item.id);
    const known = this.knownIds;
    this.knownIds = new Set(ids);
    // The first load only learns what is there: the bell shows it, no need to pop up.
    if (known === null) return;
    const isNew = (id: number) => !known.has(id);
    const assigned = summary.assignedTasks.notificationData.filter((item) => isNew(item.id));
    const candidate = summary.candidateTasks.notificationData.filter((item) => isNew(item.id));
    if (assigned.length === 0 && candidate.length === 0) return;
    this.deps.desktop.notify({ assigned: assigned.length, candidate: candidate.length });
  }

  /**
   * Opens one kind: marks all its notifications read on the server (the count covers more
   * than the listed ones, so ids would leave the rest unread), clears that counter and goes
   * to the matching dashboard list. A failure to mark them is reported, and the user still goes.
   */
  async open(kind: NotificationKind): Promise<void> {
    const group =
      kind === NotificationKind.assigned ? this.summary.assignedTasks : this.summary.candidateTasks;
    this.deps.navigator.navigate(dashboardLink(kind));
    if (group.count === 0 && group.notificationData.length === 0) return;
    // The list is newest first: what arrived after this summary stays unread.
    const newestShown = group.notificationData[0]?.createdTime;
    try {
      await markNotificationKindRead(kind, newestShown);
      runInAction(() => {
        const cleared = { count: 0, notificationData: [] };
        this.summary =
          kind === NotificationKind.assigned
            ? { ...this.summary, assignedTasks: cleared }
            : { ...this.summary, candidateTasks: cleared };
      });
      this.deps.shell.setUnreadCount(this.unreadCount);
    } catch (error) {
      reportFailure(this.deps.toasts, error);
    }
  }

  /** Forgets everything (sign-out). */
  reset(): void {
    this.stop();
    this.requestSeq += 1;
    this.summary = EMPTY_NOTIFICATIONS;
    this.status = RemoteLoadingStatus.unknown;
    this.knownIds = null;
  }
}
