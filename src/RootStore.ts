import { observable, runInAction } from 'mobx';
import { ErrorCode } from '../schemas/api/commonConstants';
import { setGlobalErrorHandlers } from './api/httpClient';
import type { DashboardStore } from './dashboard/DashboardStore';
import type { DictionaryStore } from './dictionaries/DictionaryStore';
import type { LiveInboxStore } from './live/LiveInboxStore';
import type { OpenLiveEventSource } from './live/liveEventSource';
import type { NotificationStore } from './notifications/NotificationStore';
import type { ProcessStore } from './process/ProcessStore';
import { AnnouncerStore } from './stores/AnnouncerStore';
import type { AppNavigator } from './stores/AppNavigator';
import { PreferencesStore, type PreferencesSources } from './stores/PreferencesStore';
import { SessionStore } from './stores/SessionStore';
import { ShellStore } from './stores/ShellStore';
import { ToastStore } from './stores/ToastStore';
import type { WorkStores, WorkStoresDeps } from './WorkStores';

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
 * reactions to them. Features reach the stores through `useStores()`. The stores of the task
 * work (see WorkStores) come in a chunk of their own, loaded at sign-in by {@link loadWork};
 * the screens that use them render only once they are there (see SignedInGate).
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

  private readonly deps: RootStoreDeps;
  private readonly detachHttp: () => void;
  private readonly workStores = observable.box<WorkStores | null>(null, { deep: false });
  private workLoad: Promise<WorkStores> | null = null;

  constructor(deps: RootStoreDeps) {
    this.deps = deps;
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
    // 5. The task work (notifications, dashboard, process screens, value lists, live inbox)
    // is built by loadWork, once someone signs in.
    // 6. Last, the HTTP client's reactions to 401, 403 and 503, which call into the above.
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

  /** The task work's stores, or null until {@link loadWork} has built them (observable). */
  get work(): WorkStores | null {
    return this.workStores.get();
  }

  /**
   * Fetches the task work's chunk and builds its stores, once; safe to call again. A failed
   * fetch rejects, and the next call tries again.
   */
  loadWork(): Promise<WorkStores> {
    const built = this.work;
    if (built) return Promise.resolve(built);
    this.workLoad ??= import('./WorkStores').then(
      ({ WorkStores }) => this.attachWork(new WorkStores(this.workDeps())),
      (error: unknown) => {
        this.workLoad = null;
        throw error;
      },
    );
    return this.workLoad;
  }

  /**
   * Takes the task work's stores built from {@link workDeps}; tests build them at once, as
   * the app does at sign-in. The first set stays.
   */
  attachWork(work: WorkStores): WorkStores {
    const built = this.work;
    if (built) return built;
    runInAction(() => this.workStores.set(work));
    return work;
  }

  /** What the task work's stores are built from. */
  workDeps(): WorkStoresDeps {
    return {
      toasts: this.toasts,
      announcer: this.announcer,
      shell: this.shell,
      session: this.session,
      navigator: this.deps.navigator,
      storage: this.deps.storage,
      openEventSource: this.deps.openEventSource,
    };
  }

  /** Unread notifications of the bell, refreshed every 30 minutes. */
  get notifications(): NotificationStore {
    return this.requireWork().notifications;
  }

  /** The dashboard's three task lists and their actions. */
  get dashboard(): DashboardStore {
    return this.requireWork().dashboard;
  }

  /** The /process screens and the start-process drawer. */
  get processes(): ProcessStore {
    return this.requireWork().processes;
  }

  /** The tenant's value lists, loaded once per session: form choices and stored codes' labels. */
  get dictionaries(): DictionaryStore {
    return this.requireWork().dictionaries;
  }

  /** The live inbox: task changes pushed by the server while someone is signed in. */
  get live(): LiveInboxStore {
    return this.requireWork().live;
  }

  private requireWork(): WorkStores {
    const work = this.work;
    if (!work) throw new Error('the task work stores are not loaded: await RootStore.loadWork()');
    return work;
  }

  /** Detaches the stores from the HTTP client and the stream (tests build a RootStore per case). */
  dispose(): void {
    this.work?.dispose();
    this.detachHttp();
  }
}
