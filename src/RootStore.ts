import { ErrorCode } from '../schemas/api/commonConstants';
import { setGlobalErrorHandlers } from './api/httpClient';
import { DashboardStore } from './dashboard/DashboardStore';
import { DictionaryStore } from './dictionaries/DictionaryStore';
import { LiveInboxStore } from './live/LiveInboxStore';
import { browserEventSource, type OpenLiveEventSource } from './live/liveEventSource';
import { browserNotifier } from './notifications/desktopNotifier';
import { NotificationStore } from './notifications/NotificationStore';
import { ProcessStore } from './process/ProcessStore';
import { AnnouncerStore } from './stores/AnnouncerStore';
import type { AppNavigator } from './stores/AppNavigator';
import { PreferencesStore, type PreferencesSources } from './stores/PreferencesStore';
import { SessionStatus, SessionStore } from './stores/SessionStore';
import { ShellStore } from './stores/ShellStore';
import { ToastStore } from './stores/ToastStore';

/** What the stores need from the browser, injected so tests can give their own. */
export interface RootStoreDeps extends PreferencesSources {
  /** The router, seen from outside React. */
  navigator: AppNavigator;
  /**
   * Opens the live inbox's stream; the browser's EventSource when left out, null for no
   * stream at all.
   */
  openEventSource?: OpenLiveEventSource | null;
}

/**
 * Builds every store once, in dependency order, and wires the HTTP client's app-wide
 * reactions to them. Features reach the stores through `useStores()`.
 */
export class RootStore {
  /** Toasts; every other store may report through them. */
  readonly toasts: ToastStore;
  /** The one polite live region: what screen readers hear after an action. */
  readonly announcer: AnnouncerStore;
  /** Language and drawer choices. */
  readonly preferences: PreferencesStore;
  /** The signed-in frame: unread count, tab title, the phone drawer. */
  readonly shell: ShellStore;
  /** The session state machine and the signed-in account. */
  readonly session: SessionStore;
  /** The router as the stores see it. */
  readonly navigator: AppNavigator;
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

  private readonly detachHttp: () => void;

  constructor(deps: RootStoreDeps) {
    this.navigator = deps.navigator;
    // 1. Toasts and the live region first: they depend on nothing and everything else
    // reports through them.
    this.announcer = new AnnouncerStore();
    this.toasts = new ToastStore(this.announcer);
    // 2. Preferences: read from storage and the browser only.
    this.preferences = new PreferencesStore(deps);
    // 3. Shell: plain state that features set and the session clears.
    this.shell = new ShellStore();
    // 4. Session: needs the toasts, the shell and the router.
    this.session = new SessionStore({
      toasts: this.toasts,
      shell: this.shell,
      navigator: deps.navigator,
    });
    // 5. The task work: notifications first (the shell shows their count), then the
    // dashboard, which refreshes them after task actions, then the process screens and the
    // value lists their forms and records read.
    const currentUser = () => this.session.account;
    this.notifications = new NotificationStore({
      currentUserId: () => currentUser()?.id ?? null,
      shell: this.shell,
      toasts: this.toasts,
      navigator: deps.navigator,
      desktop: browserNotifier(),
    });
    this.dashboard = new DashboardStore({
      toasts: this.toasts,
      announcer: this.announcer,
      navigator: deps.navigator,
      notifications: this.notifications,
      currentUser,
      storage: deps.storage,
    });
    this.processes = new ProcessStore({
      toasts: this.toasts,
      navigator: deps.navigator,
      currentUser,
      announcer: this.announcer,
    });
    this.dictionaries = new DictionaryStore({
      toasts: this.toasts,
      sessionKey: () => currentUser()?.id ?? null,
    });
    // 6. The live inbox, open while someone may work on tasks; each burst reaches the lists,
    // the bell and an open task page, which each decide what it means for them.
    this.live = new LiveInboxStore({
      signedInUserId: () =>
        this.session.status === SessionStatus.authenticated ? (currentUser()?.id ?? null) : null,
      open: deps.openEventSource === undefined ? browserEventSource() : deps.openEventSource,
    });
    this.live.subscribe((batch) => {
      void this.dashboard.applyLive(batch);
      void this.notifications.applyLive(batch);
      this.processes.taskPage.applyLive(batch);
    });
    // 7. Last, the HTTP client's reactions to 401, 403 and 503, which call into the above.
    this.detachHttp = setGlobalErrorHandlers({
      onUnauthorized: () => this.session.expire(deps.navigator.currentPath()),
      // A four-eyes refusal says why; any other 403 is a missing privilege.
      onForbidden: (error) =>
        this.toasts.showError(
          error.code === ErrorCode.segregationOfDuties
            ? `errors.${ErrorCode.segregationOfDuties}`
            : 'common.insufficientPriviliges',
        ),
      onMaintenance: (error) => this.session.enterMaintenance(error.code),
    });
  }

  /** Detaches the stores from the HTTP client and the stream (tests build a RootStore per case). */
  dispose(): void {
    this.live.dispose();
    this.detachHttp();
  }
}
