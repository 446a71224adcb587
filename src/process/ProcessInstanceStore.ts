import { makeAutoObservable, runInAction } from 'mobx';
import { ConflictError, NotFoundError } from '../api/errors';
import { fetchProcessInstance, type ProcessInstanceDetail } from '../api/processesApi';
import { claimTask, fetchInstanceTasks, markTaskStarted, type InstanceTask } from '../api/tasksApi';
import { reportFailure } from '../stores/reportFailure';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { WithdrawInstanceStore } from './WithdrawInstanceStore';

/** What the instance page offers for one open task, to the signed-in user. */
export const InstanceTaskOffer = {
  /** Theirs: open it. */
  open: 'open',
  /** Free, and the server says they may claim it: claim it and open it in one step. */
  claimAndOpen: 'claimAndOpen',
  /** Neither: the row only shows it. */
  none: 'none',
} as const;
/** One of `InstanceTaskOffer`. */
export type InstanceTaskOffer = (typeof InstanceTaskOffer)[keyof typeof InstanceTaskOffer];

/** What the page offers the user for a task of the instance. */
export function instanceTaskOffer(task: InstanceTask, userId: string | null): InstanceTaskOffer {
  if (task.taskStatus !== 'OPEN') return InstanceTaskOffer.none;
  if (userId !== null && task.assignee === userId) return InstanceTaskOffer.open;
  return task.assignee === null && task.permissions.canClaim
    ? InstanceTaskOffer.claimAndOpen
    : InstanceTaskOffer.none;
}

/**
 * The process instance page: the instance, its open and its completed tasks, each open task
 * offered to the user in one step (open it, or claim and open it), and withdrawing it. A
 * missing instance is one 404 and a not-found page (the page says it, so no toast repeats
 * it); variables come with the instance for holders of access-variables only, which the
 * server decides.
 */
export class ProcessInstanceStore {
  /** The instance id asked for. */
  instanceId: string | null = null;
  /** The instance, once loaded. */
  instance: ProcessInstanceDetail | null = null;
  /** Its open tasks, oldest first. */
  openTasks: InstanceTask[] = [];
  /** Its completed tasks, oldest first. */
  completedTasks: InstanceTask[] = [];
  /** Where loading stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Whether the server said there is no such instance. */
  notFound = false;
  /** The task being claimed from the page, if any. */
  claimingTaskId: string | null = null;
  /** The withdrawal's confirmation and request. */
  readonly withdraw: WithdrawInstanceStore;

  private readonly toasts: ToastStore;
  private requestSeq = 0;

  constructor(toasts: ToastStore) {
    this.toasts = toasts;
    this.withdraw = new WithdrawInstanceStore({
      toasts,
      reload: (instanceId) => this.load(instanceId),
    });
    makeAutoObservable<ProcessInstanceStore, 'toasts' | 'requestSeq'>(this, {
      toasts: false,
      requestSeq: false,
      withdraw: false,
    });
  }

  /**
   * Claims a free task of the instance for the user; answers whether it is now theirs, so
   * the page can open it. Someone quicker is said as such and the lists are read again; a
   * refusal (four eyes, not a candidate) is said by the app's 403 message.
   */
  async claim(task: InstanceTask): Promise<boolean> {
    if (this.claimingTaskId !== null) return false;
    this.claimingTaskId = task.id;
    try {
      await claimTask(task.id);
      // Opened by the one who just took it: nothing about it is new to them.
      await markTaskStarted(task.id).catch(() => undefined);
      return true;
    } catch (error) {
      if (error instanceof ConflictError) this.toasts.showError(`errors.${error.code}`);
      else reportFailure(this.toasts, error);
      if (this.instanceId) void this.load(this.instanceId);
      return false;
    } finally {
      runInAction(() => {
        this.claimingTaskId = null;
      });
    }
  }

  /** Loads an instance and its tasks. */
  async load(instanceId: string): Promise<void> {
    const seq = ++this.requestSeq;
    if (this.instanceId !== instanceId) {
      this.instance = null;
      this.openTasks = [];
      this.completedTasks = [];
    }
    this.instanceId = instanceId;
    this.notFound = false;
    this.status = RemoteLoadingStatus.loading;
    try {
      // The instance first: when it is missing, its task lists would only fail as well.
      const instance = await fetchProcessInstance(instanceId);
      if (seq !== this.requestSeq) return;
      const [openTasks, completedTasks] = await Promise.all([
        fetchInstanceTasks(instanceId),
        fetchInstanceTasks(instanceId, true),
      ]);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.instance = instance;
        this.openTasks = openTasks;
        this.completedTasks = completedTasks;
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
}
