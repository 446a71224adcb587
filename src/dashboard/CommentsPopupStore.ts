import { makeAutoObservable, runInAction } from 'mobx';
import { commentsWithText, fetchComments, type Comment } from '../api/commentsApi';
import type { TaskRow } from '../api/tasksApi';
import type { ToastStore } from '../stores/ToastStore';
import { RemoteLoadingStatus } from '../stores/statuses';
import { COMMENT_POPUP_LIMIT } from './dashboardConstants';
import { needsOwnMessage } from '../stores/reportFailure';

/** What the popup needs from the rest of the app. */
export interface CommentsPopupStoreDeps {
  /** Where a failure is reported. */
  toasts: ToastStore;
  /** Told when a task's comments have been shown, so its icon stops saying unread. */
  onRead: (taskId: string) => void;
}

/**
 * The comments popup of the team list (spec 000 section 2): the first three comments with
 * text of the task's process instance.
 */
export class CommentsPopupStore {
  /** The task whose comments are shown, or null when closed. */
  task: TaskRow | null = null;
  /** The comments shown. */
  comments: Comment[] = [];
  /** Where loading them stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;

  private readonly deps: CommentsPopupStoreDeps;
  private requestSeq = 0;

  constructor(deps: CommentsPopupStoreDeps) {
    this.deps = deps;
    makeAutoObservable<CommentsPopupStore, 'deps' | 'requestSeq'>(this, {
      deps: false,
      requestSeq: false,
    });
  }

  /** Whether the popup is open. */
  get isOpen(): boolean {
    return this.task !== null;
  }

  /** Opens the popup for a task and loads its comments. */
  async open(task: TaskRow): Promise<void> {
    const seq = ++this.requestSeq;
    this.task = task;
    this.comments = [];
    this.status = RemoteLoadingStatus.loading;
    try {
      const all = await fetchComments(task.processInstanceId);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.comments = commentsWithText(all, COMMENT_POPUP_LIMIT);
        this.status = RemoteLoadingStatus.fullyLoaded;
      });
      this.deps.onRead(task.taskId);
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (needsOwnMessage(error)) this.deps.toasts.showError('tasks.serverErrorTryAgain');
    }
  }

  /** Closes the popup. */
  close(): void {
    this.requestSeq += 1;
    this.task = null;
    this.comments = [];
    this.status = RemoteLoadingStatus.unknown;
  }
}
