import { makeAutoObservable, reaction, runInAction } from 'mobx';
import {
  claimTask,
  fetchTask,
  isClaimable,
  markTaskStarted,
  QuickFilterType,
  TaskListKind,
  type BulkReassignResult,
  type TaskRow,
} from '../api/tasksApi';
import { ErrorCode } from '../../schemas/api/commonConstants';
import { BULK_REASSIGN_LIMIT, BulkReassignFailureCode } from '../../schemas/api/tasksConstants';
import { BadRequestError, ConflictError } from '../api/errors';
import { queryUsers, type UserSummary } from '../api/usersApi';
import type { LiveBatch } from '../live/LiveInboxStore';
import type { NotificationStore } from '../notifications/NotificationStore';
import type { AppNavigator } from '../stores/AppNavigator';
import type { PreferencesSources } from '../stores/PreferencesStore';
import type { AnnouncerStore } from '../stores/AnnouncerStore';
import type { ToastStore } from '../stores/ToastStore';
import { CommentsPopupStore } from './CommentsPopupStore';
import { DashboardSettingsStore } from './DashboardSettingsStore';
import { REASSIGN_SUCCESS_MS } from './dashboardConstants';
import { ReassignResult, ReassignStore, type ReassignOutcome } from '../tasks/ReassignStore';
import { reportFailure } from '../stores/reportFailure';
import { taskPath } from '../tasks/taskPaths';
import { BulkSelectionProblem, checkBulkSelection } from '../tasks/reassignRules';
import { ListBanner, TaskListStore } from './TaskListStore';

/** One task a bulk reassign did not move, and why. */
export interface NotMovedTask {
  /** The task. */
  taskId: string;
  /** Its name, as the table showed it. */
  taskName: string;
  /** Why it did not move. */
  code: BulkReassignFailureCode;
}

/** What a bulk reassign that did not move every task did, shown above the team table. */
export interface BulkReassignReport {
  /** The person chosen. */
  toUser: UserSummary;
  /** How many tasks moved to them. */
  moved: number;
  /** Each task that did not, with why. */
  notMoved: NotMovedTask[];
}

/** The buttons the keyboard focus goes back to once a dialog or a detail view closes. */
export const FocusAction = {
  /** A row's reassign button. */
  reassign: 'reassign',
  /** A row's details button. */
  details: 'details',
  /** The detail view's reassign button. */
  detailReassign: 'detailReassign',
  /** The selection bar's bulk reassign button (the list, once the bar is gone). */
  bulk: 'bulk',
} as const;
/** One of `FocusAction`. */
export type FocusAction = (typeof FocusAction)[keyof typeof FocusAction];

/** Where the keyboard focus goes back to: the trigger a dialog or a detail view came from. */
export interface FocusTarget {
  /** The task of the row; null for the bulk button. */
  taskId: string | null;
  /** Which of its buttons. */
  action: FocusAction;
}

/** What a user is told when someone else claimed the task first. */
const CLAIM_TAKEN_KEY = 'tasks.claimTakenByOther';

/** The signed-in user, as the dashboard needs them. */
export interface DashboardUser {
  /** The user id. */
  id: string;
}

/** What the dashboard needs from the rest of the app. */
export interface DashboardStoreDeps {
  /** Where messages go. */
  toasts: ToastStore;
  /** Where the lists' result counts are spoken. */
  announcer: AnnouncerStore;
  /** Moves the user to task pages. */
  navigator: AppNavigator;
  /** Refreshed after task actions. */
  notifications: NotificationStore;
  /** The signed-in user, or null. */
  currentUser: () => DashboardUser | null;
  /** Where the first-paint cache of the settings lives. */
  storage: PreferencesSources['storage'];
}

/** The report of a bulk reassign answer: how many moved, and each other task with why. */
export function bulkReportOf(
  tasks: readonly TaskRow[],
  toUser: UserSummary,
  answer: BulkReassignResult,
): BulkReassignReport {
  const names = new Map(tasks.map((task) => [task.taskId, task.taskName]));
  return {
    toUser,
    moved: answer.noOfTasksReassigned,
    notMoved: answer.failures.map((failure) => ({
      taskId: failure.taskId,
      taskName: names.get(failure.taskId) ?? '',
      code: failure.code,
    })),
  };
}

/** Whether a string names one of the lists. */
export function isTaskListKind(value: unknown): value is TaskListKind {
  return typeof value === 'string' && (Object.values(TaskListKind) as string[]).includes(value);
}

/**
 * The dashboard: one list per tab, the active tab, the team detail view, the comments popup,
 * the reassign flow and the claim and open actions (spec 000 sections 2 and 4). It reloads the
 * notifications whenever a task action changes what they count.
 */
export class DashboardStore {
  /** The three lists. */
  readonly lists: Record<TaskListKind, TaskListStore>;
  /** Page sizes and the last quick filter, kept for the user. */
  readonly settings: DashboardSettingsStore;
  /** The reassign flow of the team list. */
  readonly reassign: ReassignStore;
  /** The team comments popup. */
  readonly comments: CommentsPopupStore;
  /** The tab on screen. */
  activeTab: TaskListKind = TaskListKind.assigned;
  /** The team task whose details replace the table, or null. */
  detailTaskId: string | null = null;
  /** Whether 'reassigned successfully' is showing. */
  reassignSuccessVisible = false;
  /** What the last bulk reassign did when some tasks did not move, until dismissed. */
  bulkReport: BulkReassignReport | null = null;
  /** Where the keyboard focus should go back to, until the page has moved it there. */
  focusTarget: FocusTarget | null = null;
  /** The task being claimed, while the claim runs. */
  claimingTaskId: string | null = null;
  /** Whether the dashboard has loaded since sign-in. */
  started = false;
  /** The people the team list's assignee filter offers. */
  people: UserSummary[] = [];
  /** Whether they are loading. */
  peopleLoading = false;

  private readonly deps: DashboardStoreDeps;
  /** The trigger of the reassign flow under way. */
  private reassignFrom: FocusTarget | null = null;
  private settingsReady: Promise<void> | null = null;
  private linkedOnStart = false;
  private successTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(deps: DashboardStoreDeps) {
    this.deps = deps;
    this.settings = new DashboardSettingsStore(deps.storage);
    const listDeps = {
      toasts: deps.toasts,
      announcer: deps.announcer,
      onPageSizeChange: (kind: TaskListKind, size: number) => this.settings.setPageSize(kind, size),
      onQuickFilterChange: (kind: TaskListKind, filter: QuickFilterType) =>
        this.settings.setQuickFilter(kind, filter),
    };
    this.lists = {
      assigned: new TaskListStore(TaskListKind.assigned, listDeps),
      candidate: new TaskListStore(TaskListKind.candidate, listDeps),
      team: new TaskListStore(TaskListKind.team, listDeps),
    };
    this.applySettings();
    this.reassign = new ReassignStore({
      currentUserId: () => deps.currentUser()?.id ?? '',
      onFinished: (outcome) => this.afterReassign(outcome),
      onCancelled: () => this.returnFocus(this.reassignFrom),
    });
    this.comments = new CommentsPopupStore({
      toasts: deps.toasts,
      onRead: (taskId) => this.lists.team.markCommentsRead(taskId),
    });
    makeAutoObservable<
      DashboardStore,
      'deps' | 'successTimer' | 'settingsReady' | 'linkedOnStart' | 'reassignFrom'
    >(this, {
      reassignFrom: false,
      settingsReady: false,
      linkedOnStart: false,
      lists: false,
      settings: false,
      reassign: false,
      comments: false,
      deps: false,
      successTimer: false,
    });
    // Another account must not see the last one's lists.
    reaction(
      () => deps.currentUser()?.id ?? null,
      () => this.reset(),
    );
  }

  /** The list of the active tab. */
  get activeList(): TaskListStore {
    return this.lists[this.activeTab];
  }

  /** The team task shown in the detail view, if it is still on the page. */
  get detailTask(): TaskRow | null {
    if (!this.detailTaskId) return null;
    return this.lists.team.rows.find((row) => row.taskId === this.detailTaskId) ?? null;
  }

  private applySettings(): void {
    const kept = this.settings.settings;
    for (const kind of Object.values(TaskListKind))
      this.lists[kind].restoreSize(kept.pageSizes[kind]);
  }

  /**
   * Opens the dashboard: the kept settings first (so the first load already uses the user's
   * page sizes), then all three lists, so every tab shows its count. A deep link from a
   * notification chooses the tab and filter. Later visits reload the lists as they stand.
   */
  async open(link: { tab?: string | null; filter?: string | null } = {}): Promise<void> {
    const linkedTab = isTaskListKind(link.tab) ? link.tab : null;
    if (!this.settingsReady) {
      this.started = true;
      this.settingsReady = this.settings.load().then((kept) => {
        runInAction(() => {
          this.applySettings();
          if (!this.linkedOnStart) {
            this.activeTab = kept.lastTab;
            this.lists[kept.lastTab].resetQuickFilter(kept.lastQuickFilter);
          }
        });
      });
    }
    if (linkedTab) {
      this.linkedOnStart = true;
      await this.settingsReady;
      this.showTab(
        linkedTab,
        link.filter === QuickFilterType.new ? QuickFilterType.new : QuickFilterType.all,
      );
    } else {
      await this.settingsReady;
    }
    await Promise.all(Object.values(TaskListKind).map((kind) => this.lists[kind].load()));
  }

  private showTab(kind: TaskListKind, filter: QuickFilterType): void {
    this.activeTab = kind;
    this.detailTaskId = null;
    const list = this.lists[kind];
    list.resetQuickFilter(filter);
    list.page = 0;
    list.clearSelection();
  }

  /** Switches tab: the quick filter goes back to ALL and the list reloads. */
  selectTab(kind: TaskListKind): Promise<void> {
    if (kind === this.activeTab && this.detailTaskId === null) return Promise.resolve();
    this.lists[this.activeTab].clearSelection();
    this.showTab(kind, QuickFilterType.all);
    return this.lists[kind].load();
  }

  /** Opens an assigned task; a 'new' one is marked as seen first (spec 000 section 4). */
  async openTask(row: TaskRow): Promise<void> {
    if (row.isNew) {
      this.lists.assigned.markSeen(row.taskId);
      try {
        await markTaskStarted(row.taskId);
      } catch (error) {
        reportFailure(this.deps.toasts, error);
      }
      void this.deps.notifications.refresh();
    }
    this.deps.navigator.navigate(taskPath(row.taskId));
  }

  /**
   * Claims a candidate task: loads it afresh, checks the user may claim it, claims it and
   * opens it; otherwise says 'Insufficient privileges' (spec 000 section 2). A task someone
   * else took meanwhile (seen by the check, or a claim race lost on the server) says so
   * instead, and the list is refreshed without it.
   */
  async claim(row: TaskRow): Promise<void> {
    const user = this.deps.currentUser();
    if (!user || this.claimingTaskId) return;
    this.claimingTaskId = row.taskId;
    try {
      const task = await fetchTask(row.taskId);
      if (task.assignee !== null && task.assignee !== user.id) {
        this.deps.toasts.showError(CLAIM_TAKEN_KEY);
        void this.lists.candidate.load();
        return;
      }
      if (task.assignee !== user.id && !isClaimable(task, user.id)) {
        this.deps.toasts.showError('tasks.claimNotAllowed');
        void this.lists.candidate.load();
        return;
      }
      await claimTask(row.taskId);
      void this.deps.notifications.refresh();
      this.deps.navigator.navigate(taskPath(row.taskId));
    } catch (error) {
      if (error instanceof ConflictError && error.code === ErrorCode.taskAlreadyClaimed) {
        this.deps.toasts.showError(CLAIM_TAKEN_KEY);
      } else {
        reportFailure(this.deps.toasts, error);
      }
      void this.lists.candidate.load();
    } finally {
      runInAction(() => {
        this.claimingTaskId = null;
      });
    }
  }

  /** Loads the people of the assignee filter once per session. */
  async loadPeople(): Promise<void> {
    if (this.people.length > 0 || this.peopleLoading) return;
    this.peopleLoading = true;
    try {
      const people = await queryUsers();
      runInAction(() => {
        this.people = people;
      });
    } catch (error) {
      reportFailure(this.deps.toasts, error);
    } finally {
      runInAction(() => {
        this.peopleLoading = false;
      });
    }
  }

  /** Shows a team task's details in place of the table. */
  showDetails(taskId: string): void {
    this.detailTaskId = taskId;
  }

  /** Back from the details to the table, with the focus on the row's details button. */
  hideDetails(): void {
    const taskId = this.detailTaskId;
    this.detailTaskId = null;
    if (taskId) this.returnFocus({ taskId, action: FocusAction.details });
  }

  /** Asks the page to move the keyboard focus back to a trigger. */
  returnFocus(target: FocusTarget | null): void {
    this.focusTarget = target;
  }

  /** The page has moved the focus (or given up). */
  focusReturned(): void {
    this.focusTarget = null;
  }

  /** Starts reassigning one team task, from its row or from the detail view. */
  startReassign(row: TaskRow, from: 'row' | 'detail' = 'row'): void {
    // The row's and the detail view's buttons are disabled then (spec 000 section 6).
    if (!this.lists.team.canReassign(row.taskId)) {
      this.deps.toasts.showError('dashboard.reassignNotAllowed');
      return;
    }
    this.lists.team.dismissBanner();
    this.bulkReport = null;
    this.reassignFrom = {
      taskId: row.taskId,
      action: from === 'row' ? FocusAction.reassign : FocusAction.detailReassign,
    };
    this.reassign.openSingle(row);
  }

  /** Starts reassigning the selected team tasks. */
  startBulkReassign(): void {
    // The selection is checked before anything is sent (spec 000 sections 5 and 6).
    const team = this.lists.team;
    const problem = checkBulkSelection(team.selectedRows, team.reassignCapability);
    if (problem !== null) {
      // Nothing selected is an action without a payload (spec 000 section 8, noPayload).
      this.deps.toasts.showError(
        problem === BulkSelectionProblem.empty
          ? 'dashboard.noPayload'
          : `dashboard.bulkSelection.${problem}`,
        { max: BULK_REASSIGN_LIMIT },
      );
      return;
    }
    this.lists.team.dismissBanner();
    this.bulkReport = null;
    this.reassignFrom = { taskId: null, action: FocusAction.bulk };
    this.reassign.openBulk(this.lists.team.selectedRows);
  }

  /** Hides the report of the last bulk reassign. */
  dismissBulkReport(): void {
    this.bulkReport = null;
  }

  /**
   * What follows a reassign (spec 000 sections 4 and 8): the team and assigned lists reload;
   * one task: 'reassigned successfully' for 7 s, or the reassign banner; several: a toast with
   * the assignee's first name and the count, or with the failure count and the failed rows
   * selected again.
   */
  private async afterReassign(outcome: ReassignOutcome): Promise<void> {
    const team = this.lists.team;
    const user = this.deps.currentUser();
    if (outcome.mode === 'single') {
      if (outcome.result === ReassignResult.success) {
        this.showReassignSuccess();
        if (this.detailTaskId === outcome.task.taskId) this.detailTaskId = null;
        // Reassigning one's own task leaves it: back to the dashboard.
        if (user && outcome.task.assignee === user.id) this.deps.navigator.navigate('/');
      } else {
        team.showBanner(ListBanner.reassign);
        // The person chosen is no longer one the task may go to (gone, or lost access-task).
        if (outcome.error instanceof BadRequestError) {
          this.deps.toasts.showError('dashboard.noSuchUser');
        }
      }
    } else {
      const answer = outcome.answer;
      if (outcome.result === ReassignResult.success && answer) {
        this.deps.toasts.showSuccess('dashboard.multiAssignSuccessMsg', {
          name: outcome.toUser.firstName || outcome.toUser.fullName,
          count: answer.noOfTasksReassigned,
        });
      } else if (answer) {
        this.bulkReport = bulkReportOf(outcome.tasks, outcome.toUser, answer);
      } else {
        this.deps.toasts.showError('dashboard.multiAssignErrorMsg', {
          count: outcome.tasks.length,
        });
      }
    }
    team.clearSelection();
    await Promise.all([team.load(), this.lists.assigned.load()]);
    if (outcome.mode === 'bulk' && outcome.result === ReassignResult.error) {
      // The tasks worth trying again stay selected; one already with the person is done.
      const failedIds = outcome.answer
        ? outcome.answer.failures
            .filter((failure) => failure.code !== BulkReassignFailureCode.alreadyAssigned)
            .map((failure) => failure.taskId)
        : outcome.tasks.map((task) => task.taskId);
      team.reselect(failedIds);
    }
    // The focus goes back to where the flow started; a detail view closed by the reassign
    // hands it to the row's details button.
    const from = this.reassignFrom;
    runInAction(() => {
      this.returnFocus(
        from?.action === FocusAction.detailReassign && from.taskId !== this.detailTaskId
          ? { taskId: from.taskId, action: FocusAction.details }
          : from,
      );
    });
    void this.deps.notifications.refresh();
  }

  private showReassignSuccess(): void {
    this.reassignSuccessVisible = true;
    if (this.successTimer !== null) clearTimeout(this.successTimer);
    this.successTimer = setTimeout(() => this.hideReassignSuccess(), REASSIGN_SUCCESS_MS);
  }

  /** Hides 'reassigned successfully' (its timer, or the user). */
  hideReassignSuccess(): void {
    this.reassignSuccessVisible = false;
  }

  /**
   * A burst of the live inbox: any task change (or a resync) may move rows in or out of any
   * list or change its counts, so the three lists are reloaded once, quietly, in place.
   * Before the dashboard has been opened there is nothing on screen to keep fresh.
   */
  applyLive(batch: LiveBatch): Promise<void> {
    if (!this.started || (batch.events.length === 0 && !batch.resync)) return Promise.resolve();
    return this.refreshQuietly();
  }

  /** Reloads the three lists without a loading state, keeping page, sort, filters and selection. */
  async refreshQuietly(): Promise<void> {
    await Promise.all(Object.values(TaskListKind).map((kind) => this.lists[kind].refreshQuietly()));
  }

  /** Forgets everything that belonged to the signed-out account. */
  reset(): void {
    for (const kind of Object.values(TaskListKind)) this.lists[kind].reset();
    this.reassign.reset();
    this.comments.close();
    this.activeTab = TaskListKind.assigned;
    this.detailTaskId = null;
    this.reassignSuccessVisible = false;
    this.bulkReport = null;
    this.focusTarget = null;
    this.reassignFrom = null;
    this.claimingTaskId = null;
    this.started = false;
    this.settingsReady = null;
    this.linkedOnStart = false;
    this.people = [];
  }
}
