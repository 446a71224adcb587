import { DashboardStore } from './dashboard/DashboardStore';
import { DictionaryStore } from './dictionaries/DictionaryStore';
import { LiveInboxStore } from './live/LiveInboxStore';
import { browserEventSource, type OpenLiveEventSource } from './live/liveEventSource';
import { browserNotifier } from './notifications/desktopNotifier';
import { NotificationStore } from './notifications/NotificationStore';
import { ProcessStore } from './process/ProcessStore';
import type { AnnouncerStore } from './stores/AnnouncerStore';
import type { AppNavigator } from './stores/AppNavigator';
import type { PreferencesSources } from './stores/PreferencesStore';
import { SessionStatus, type SessionStore } from './stores/SessionStore';
import type { ShellStore } from './stores/ShellStore';
import type { ToastStore } from './stores/ToastStore';

/** What the task work's stores take from the RootStore and the browser. */
export interface WorkStoresDeps {
  /** Toasts, which every store reports through. */
  toasts: ToastStore;
  /** The polite live region. */
  announcer: AnnouncerStore;
  /** The signed-in frame (the bell's count). */
  shell: ShellStore;
  /** The session, whose account the work is done as. */
  session: SessionStore;
  /** The router, seen from outside React. */
  navigator: AppNavigator;
  /** Where the dashboard keeps its settings. */
  storage: PreferencesSources['storage'];
  /**
   * Opens the live inbox's stream; the browser's EventSource when left out, null for no
   * stream at all.
   */
  openEventSource?: OpenLiveEventSource | null;
}

/**
 * The stores of the task work, which only someone signed in uses: a chunk of their own, built
 * by the RootStore at sign-in (see `RootStore.loadWork`), so the sign-in page does not
 * download them.
 */
export class WorkStores {
  /** Unread notifications of the bell, refreshed every 30 minutes. */
  readonly notifications: NotificationStore;
  /** The dashboard's three task lists and their actions. */
  readonly dashboard: DashboardStore;
  /** The /process screens and the start-process drawer. */
  readonly processes: ProcessStore;
  /** The tenant's value lists, loaded once per session: form choices and stored codes' labels. */
  readonly dictionaries: DictionaryStore;
  /** The live inbox: task changes pushed by the server while someone is signed in. */
  readonly live: LiveInboxStore;

  constructor(deps: WorkStoresDeps) {
    const { session } = deps;
    const currentUser = () => session.account;
    // 1. Notifications first (the shell shows their count), then the dashboard, which
    // refreshes them after task actions, then the process screens and the value lists their
    // forms and records read.
    this.notifications = new NotificationStore({
      currentUserId: () => currentUser()?.id ?? null,
      shell: deps.shell,
      toasts: deps.toasts,
      navigator: deps.navigator,
      desktop: browserNotifier(),
    });
    this.dashboard = new DashboardStore({
      toasts: deps.toasts,
      announcer: deps.announcer,
      navigator: deps.navigator,
      notifications: this.notifications,
      currentUser,
      storage: deps.storage,
    });
    this.processes = new ProcessStore({
      toasts: deps.toasts,
      navigator: deps.navigator,
      currentUser,
      announcer: deps.announcer,
    });
    this.dictionaries = new DictionaryStore({
      toasts: deps.toasts,
      sessionKey: () => currentUser()?.id ?? null,
    });
    // 2. The live inbox, open while someone may work on tasks; each burst reaches the lists,
    // the bell and an open task page, which each decide what it means for them.
    this.live = new LiveInboxStore({
      signedInUserId: () =>
        session.status === SessionStatus.authenticated ? (currentUser()?.id ?? null) : null,
      open: deps.openEventSource === undefined ? browserEventSource() : deps.openEventSource,
    });
    this.live.subscribe((batch) => {
      void this.dashboard.applyLive(batch);
      void this.notifications.applyLive(batch);
      this.processes.taskPage.applyLive(batch);
    });
  }

  /** Closes the live stream (tests build stores per case). */
  dispose(): void {
    this.live.dispose();
  }
}
