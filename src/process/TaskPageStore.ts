import { makeAutoObservable, runInAction } from 'mobx';
import { ConflictError, NotFoundError } from '../api/errors';
import { fetchProcessInstance, fetchProcessVariables } from '../api/processesApi';
import {
  claimTask,
  fetchTask,
  fetchTaskDetail,
  markTaskStarted,
  type TaskDetail,
} from '../api/tasksApi';
import { LiveTaskChange } from '../../schemas/api/liveConstants';
import { TaskStatus } from '../../schemas/api/tasksConstants';
import type { LiveBatch } from '../live/LiveInboxStore';
import { ReassignResult, ReassignStore, type ReassignOutcome } from '../tasks/ReassignStore';
import type { AnnouncerStore } from '../stores/AnnouncerStore';
import { reportFailure } from '../stores/reportFailure';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { LiveTaskNotice, liveTaskNotice, strongerNotice } from './liveTaskNotice';
import { replaceVariables } from './replaceVariables';

/**
 * The task page's header (spec 001 section 2, "Task screen"): the task with its name's
 * variables filled in, the process name toggle, the due date and the assignee. The form body
 * below belongs to the form runtime.
 */
export class TaskPageStore {
  /** The task id asked for. */
  taskId: string | null = null;
  /** The task, once loaded. */
  task: TaskDetail | null = null;
  /** Variables for the name's placeholders. */
  variables: Record<string, unknown> = {};
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Whether the server said there is no such task. */
  notFound = false;
  /** Whether the process name is shown under the task name. */
  processNameVisible = false;
  /** The change-assignee flow of the header (spec 001 section 6, can-change-assignee). */
  readonly reassign: ReassignStore;
  /** The task's row is being fetched to open the flow. */
  openingReassign = false;
  /** Instance view: the process instance the page was opened for, once it answered. */
  instanceId: string | null = null;
  /** Instance view: the instance answered 404 (tolerated: the task still shows). */
  instanceMissing = false;
  /** The task is being claimed from its page. */
  claiming = false;
  /**
   * Why the task stopped being the reader's to work on while the page was open (the live
   * inbox), or null. The page turns read-only and says so, keeping what was typed.
   */
  liveNotice: LiveTaskNotice | null = null;
  /**
   * Who holds the task now, read once a notice said it changed hands; undefined until then
   * (the header shows the task as loaded). Kept apart from `task`, whose assignee keys the
   * form: replacing it would build the form again and lose what was typed.
   */
  assigneeNow: TaskDetail['assignee'] | undefined = undefined;

  private readonly toasts: ToastStore;
  private readonly currentUserId: () => string;
  private readonly announcer: AnnouncerStore | null;
  private requestSeq = 0;
  private instanceSeq = 0;

  /**
   * `currentUserId` is the signed-in user, who signs a reassignment; `announcer` speaks a
   * change the live inbox brought.
   */
  constructor(
    toasts: ToastStore,
    currentUserId: () => string,
    announcer: AnnouncerStore | null = null,
  ) {
    this.toasts = toasts;
    this.currentUserId = currentUserId;
    this.announcer = announcer;
    this.reassign = new ReassignStore({
      currentUserId,
      onFinished: (outcome) => this.afterReassign(outcome),
    });
    makeAutoObservable<
      TaskPageStore,
      'toasts' | 'currentUserId' | 'announcer' | 'requestSeq' | 'instanceSeq'
    >(this, {
      toasts: false,
      currentUserId: false,
      announcer: false,
      requestSeq: false,
      instanceSeq: false,
      reassign: false,
    });
  }

  /** The task name with its `${variables}` replaced. */
  get displayName(): string {
    if (!this.task) return '';
    return replaceVariables(this.task.name, { ...this.task.taskVariables, ...this.variables });
  }

  /** Loads the task, then the variables its name needs (if it still has placeholders). */
  async load(taskId: string): Promise<void> {
    const seq = ++this.requestSeq;
    if (this.taskId !== taskId) {
      this.task = null;
      this.variables = {};
    }
    this.taskId = taskId;
    this.notFound = false;
    this.liveNotice = null;
    this.assigneeNow = undefined;
    this.status = RemoteLoadingStatus.loading;
    try {
      const task = await fetchTaskDetail(taskId);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.task = task;
        this.status = task.name.includes('${')
          ? RemoteLoadingStatus.partiallyLoaded
          : RemoteLoadingStatus.fullyLoaded;
      });
      if (!task.name.includes('${')) return;
      try {
        const answer = await fetchProcessVariables(task.processInstanceId, task.id);
        if (seq !== this.requestSeq) return;
        runInAction(() => {
          this.variables = { ...answer.taskVariables, ...answer.processVariables };
        });
      } catch {
        // The name keeps its placeholders; the task itself is there.
      }
      runInAction(() => {
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
        this.notFound = error instanceof NotFoundError;
      });
      if (!(error instanceof NotFoundError)) reportFailure(this.toasts, error);
    }
  }

  /**
   * Instance view (spec 000 section 2): reads the process instance the page was opened for.
   * A 404 is tolerated (spec 001 section 7): 'Task not found' is said once, back leads to the
   * lists, and nothing else is asked about the missing instance. Null leaves the view.
   */
  async loadInstance(processInstanceId: string | null): Promise<void> {
    const seq = ++this.instanceSeq;
    this.instanceId = null;
    this.instanceMissing = false;
    if (!processInstanceId) return;
    try {
      await fetchProcessInstance(processInstanceId);
      if (seq !== this.instanceSeq) return;
      runInAction(() => {
        this.instanceId = processInstanceId;
      });
    } catch (error) {
      if (seq !== this.instanceSeq) return;
      if (error instanceof NotFoundError) {
        runInAction(() => {
          this.instanceMissing = true;
        });
        this.toasts.showError('process.taskNotFound');
        return;
      }
      reportFailure(this.toasts, error);
    }
  }

  /**
   * Claims the task shown, in place: once the server gave it to the user it is read again
   * (now theirs, so its form opens for editing) and the claim is announced. Someone quicker
   * is said as such; a refusal (four eyes, not a candidate) by the app's 403 message; either
   * way the task is read again, so the page says what holds now. Answers whether it is theirs.
   */
  async claim(): Promise<boolean> {
    const taskId = this.taskId;
    if (!taskId || this.claiming) return false;
    this.claiming = true;
    try {
      await claimTask(taskId);
      // Opened by the one who just took it: nothing about it is new to them.
      await markTaskStarted(taskId).catch(() => undefined);
      await this.load(taskId);
      if (this.taskId !== taskId) return false;
      this.toasts.showSuccess('process.task.claimed');
      return true;
    } catch (error) {
      if (error instanceof ConflictError) this.toasts.showError(`errors.${error.code}`);
      else reportFailure(this.toasts, error);
      await this.load(taskId);
      return false;
    } finally {
      runInAction(() => {
        this.claiming = false;
      });
    }
  }

  /**
   * A burst of the live inbox. A change that takes the task from the reader (or closes it)
   * turns the page read-only with a notice, without reading the task again: its form stays
   * mounted, so what was typed stays on screen to be copied. A task given to the reader, who
   * could not type into it, is read again and opens for editing. A resync asks the server
   * how the task stands now.
   */
  applyLive(batch: LiveBatch): void {
    const task = this.task;
    const userId = this.currentUserId();
    if (!task || !userId || this.status === RemoteLoadingStatus.loading) return;
    let notice = this.liveNotice;
    let givenToReader = false;
    for (const event of batch.events) {
      if (event.taskId !== task.id) continue;
      notice = strongerNotice(notice, liveTaskNotice(event, task, userId));
      givenToReader ||=
        event.change === LiveTaskChange.assigneeChanged &&
        event.assignee === userId &&
        task.assignee?.id !== userId;
    }
    const changedHands = notice !== this.liveNotice && notice !== LiveTaskNotice.closed;
    this.showLiveNotice(notice);
    if (notice === null && givenToReader) void this.load(task.id);
    else if (batch.resync || changedHands) void this.recheck();
  }

  // After a resync, or once the task changed hands: the task as the server has it now,
  // compared with the one on screen (and who holds it, for the header).
  private async recheck(): Promise<void> {
    const task = this.task;
    const userId = this.currentUserId();
    if (!task || !userId) return;
    const seq = this.requestSeq;
    let notice: LiveTaskNotice | null;
    try {
      const fresh = await fetchTaskDetail(task.id);
      if (seq !== this.requestSeq) return;
      const assignee = fresh.assignee?.id ?? null;
      if (this.liveNotice !== null) {
        runInAction(() => {
          this.assigneeNow = fresh.assignee;
        });
      }
      if (fresh.taskStatus !== TaskStatus.open) {
        notice = LiveTaskNotice.closed;
      } else if (assignee === (task.assignee?.id ?? null)) {
        return;
      } else if (assignee === userId && this.liveNotice === null) {
        await this.load(task.id);
        return;
      } else {
        notice = liveTaskNotice(asChange(task.id, assignee), task, userId);
        if (notice !== null) {
          runInAction(() => {
            this.assigneeNow = fresh.assignee;
          });
        }
      }
    } catch (error) {
      if (seq !== this.requestSeq || !(error instanceof NotFoundError)) return;
      notice = LiveTaskNotice.closed;
    }
    this.showLiveNotice(strongerNotice(this.liveNotice, notice));
  }

  private showLiveNotice(notice: LiveTaskNotice | null): void {
    if (notice === null || notice === this.liveNotice) return;
    this.liveNotice = notice;
    this.announcer?.announce(`process.task.live.${notice}`);
  }

  /** Shows or hides the process name. */
  toggleProcessName(): void {
    this.processNameVisible = !this.processNameVisible;
  }

  /** Opens the assignee dialog for the task shown (the dialog works on its list row). */
  async changeAssignee(): Promise<void> {
    const taskId = this.taskId;
    if (!taskId || this.openingReassign) return;
    this.openingReassign = true;
    try {
      const row = await fetchTask(taskId);
      if (taskId === this.taskId) this.reassign.openSingle(row);
    } catch (error) {
      reportFailure(this.toasts, error);
    } finally {
      runInAction(() => {
        this.openingReassign = false;
      });
    }
  }

  /** A reassignment answered: say so, and show the new assignee. */
  private async afterReassign(outcome: ReassignOutcome): Promise<void> {
    const action = `task.reassign:${this.taskId ?? ''}`;
    if (outcome.result !== ReassignResult.success) {
      this.toasts.showError('dashboard.reassignError', undefined, action);
      return;
    }
    this.toasts.showSuccess('dashboard.reassignSuccess', undefined, action);
    if (this.taskId) await this.load(this.taskId);
  }
}

// A change of assignee seen by reading the task again, as the live inbox would have sent it.
function asChange(taskId: string, assignee: string | null) {
  return { change: LiveTaskChange.assigneeChanged, taskId, assignee, actor: null };
}
