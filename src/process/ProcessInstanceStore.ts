import { makeAutoObservable, runInAction } from 'mobx';
import { NotFoundError } from '../api/errors';
import { fetchProcessInstance, type ProcessInstanceDetail } from '../api/processesApi';
import { fetchInstanceTasks, type InstanceTask } from '../api/tasksApi';
import { reportFailure } from '../stores/reportFailure';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';

/**
 * The process instance page: the instance, its open and its completed tasks. A missing
 * instance is one 404 and a not-found page (the page says it, so no toast repeats it);
 * variables come with the instance for holders of access-variables only, which the server
 * decides.
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

  private readonly toasts: ToastStore;
  private requestSeq = 0;

  constructor(toasts: ToastStore) {
    this.toasts = toasts;
    makeAutoObservable<ProcessInstanceStore, 'toasts' | 'requestSeq'>(this, {
      toasts: false,
      requestSeq: false,
    });
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
