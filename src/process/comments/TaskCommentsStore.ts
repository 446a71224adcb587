import { makeAutoObservable, runInAction } from 'mobx';
import { addComment, COMMENT_MAX_LENGTH, fetchComments, type Comment } from '../../api/commentsApi';
import { needsOwnMessage, reportFailure } from '../../stores/reportFailure';
import type { ToastStore } from '../../stores/ToastStore';
import { RemoteLoadingStatus, SavingStatus } from '../../stores/statuses';

/** The two tabs of the comments panel (spec 001 section 3, "commentType"). */
export const CommentType = {
  taskComments: 'taskComments',
  reassignComments: 'reassignComments',
} as const;
/** One of `CommentType`. */
export type CommentType = (typeof CommentType)[keyof typeof CommentType];

/** How many comments show before "Show more" (spec 001 section 9). */
export const COMMENTS_SHOWN_FIRST = 1;

/** The task the panel is about: what a new comment is attached to. */
export interface CommentedTask {
  /** The task id. */
  id: string;
  /** The task name as the page shows it. */
  name: string;
  /** The process instance whose comments are listed. */
  processInstanceId: string;
}

/** The signed-in user, who writes the optimistic comment. */
export interface CommentAuthor {
  /** User id. */
  id: string;
  /** Name shown on the comment. */
  fullName: string;
}

/** What the panel needs from the rest of the app. */
export interface TaskCommentsStoreDeps {
  /** Where failures and the saved message go. */
  toasts: ToastStore;
  /** The signed-in user, or null before the account has loaded. */
  currentUser: () => CommentAuthor | null;
}

/** Characters of a comment as the server counts them: code points of the trimmed text. */
export function commentLength(text: string): number {
  return [...text.trim()].length;
}

/**
 * The task page's comments panel (spec 001 sections 2 to 5): the process instance's comments
 * split into task comments and reassignments, the box (opened by the add-comment button) with
 * its 250-character limit, show more / show less, and adding a comment optimistically: it is put at the top at
 * once, posted, then the list is reloaded; a failure takes it out again and gives the text
 * back to the box.
 */
export class TaskCommentsStore {
  /** The task whose panel this is, once `load` was called. */
  task: CommentedTask | null = null;
  /** Every comment of the instance, newest first, with optimistic ones on top. */
  comments: Comment[] = [];
  /** Where loading the list stands. */
  status: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** Where the last add stands. */
  savingStatus: SavingStatus = SavingStatus.unknown;
  /** The text in the box. */
  newComment = '';
  /** Whether the box is open (the add-comment button opens it). */
  isCommentInputOpen = false;
  /** The tab shown. */
  commentType: CommentType = CommentType.taskComments;
  /** Whether every comment of the tab shows, not only the first. */
  showingAll = false;
  /** Ids of optimistic comments the server has not confirmed yet. */
  pendingIds: number[] = [];

  private readonly deps: TaskCommentsStoreDeps;
  private requestSeq = 0;
  private nextLocalId = -1;

  constructor(deps: TaskCommentsStoreDeps) {
    this.deps = deps;
    makeAutoObservable<TaskCommentsStore, 'deps' | 'requestSeq' | 'nextLocalId'>(this, {
      deps: false,
      requestSeq: false,
      nextLocalId: false,
    });
  }

  /** Comments written on the tasks (the Comments tab). */
  get taskComments(): Comment[] {
    return this.comments.filter((comment) => !comment.isReassigned);
  }

  /** Comments the reassign actions wrote (the Reassignments tab). */
  get reassignComments(): Comment[] {
    return this.comments.filter((comment) => comment.isReassigned);
  }

  /** The comments of the tab shown. */
  get tabComments(): Comment[] {
    return this.commentType === CommentType.taskComments
      ? this.taskComments
      : this.reassignComments;
  }

  /** What the list shows: the first comment only, until "Show more". */
  get shownComments(): Comment[] {
    return this.showingAll ? this.tabComments : this.tabComments.slice(0, COMMENTS_SHOWN_FIRST);
  }

  /** How many comments "Show more" would add. */
  get hiddenCount(): number {
    return this.tabComments.length - this.shownComments.length;
  }

  /** Whether the tab has more comments than show at first (so the toggle is offered). */
  get canToggleShowAll(): boolean {
    return this.tabComments.length > COMMENTS_SHOWN_FIRST;
  }

  /** Characters used by the text in the box, as the counter shows them. */
  get usedLength(): number {
    return commentLength(this.newComment);
  }

  /** Whether the text is longer than a comment may be. */
  get isTooLong(): boolean {
    return this.usedLength > COMMENT_MAX_LENGTH;
  }

  /** Whether the Add button works: some text, not too long, and no add under way. */
  get canAdd(): boolean {
    return (
      this.task !== null &&
      this.usedLength > 0 &&
      !this.isTooLong &&
      this.savingStatus !== SavingStatus.saving
    );
  }

  /** Whether a comment is the optimistic one still on its way. */
  isPending(comment: Comment): boolean {
    return this.pendingIds.includes(comment.id);
  }

  /** Opens the panel for a task: first tab, collapsed, empty box, then loads the comments. */
  async load(task: CommentedTask): Promise<void> {
    if (this.task?.id !== task.id) {
      this.comments = [];
      this.pendingIds = [];
      this.newComment = '';
      this.isCommentInputOpen = false;
      this.savingStatus = SavingStatus.unknown;
      this.commentType = CommentType.taskComments;
      this.showingAll = false;
    }
    this.task = task;
    await this.reload();
  }

  /**
   * Reads the instance's comments again. When every comment is a reassignment the view
   * switches to the Reassignments tab (spec 001 section 4). A failure keeps what is shown.
   * Optimistic comments still being posted stay on top.
   */
  async reload(): Promise<void> {
    const task = this.task;
    if (!task) return;
    const seq = ++this.requestSeq;
    this.status =
      this.comments.length > 0 ? RemoteLoadingStatus.partiallyLoaded : RemoteLoadingStatus.loading;
    try {
      const comments = await fetchComments(task.processInstanceId);
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        // An add still on its way keeps its optimistic comment on top.
        const pending = this.comments.filter((comment) => this.isPending(comment));
        this.comments = [...pending, ...comments];
        this.status = RemoteLoadingStatus.fullyLoaded;
        if (
          pending.length === 0 &&
          comments.length > 0 &&
          comments.every((comment) => comment.isReassigned)
        ) {
          this.commentType = CommentType.reassignComments;
        }
      });
    } catch (error) {
      if (seq !== this.requestSeq) return;
      runInAction(() => {
        this.status = RemoteLoadingStatus.loadingFailed;
      });
      if (needsOwnMessage(error)) this.deps.toasts.showError('tasks.serverErrorTryAgain');
    }
  }

  /** Takes what the user types. */
  setNewComment(text: string): void {
    this.newComment = text;
  }

  /** Opens the box, on the Comments tab where the new comment will show. */
  openCommentInput(): void {
    this.isCommentInputOpen = true;
    if (this.commentType !== CommentType.taskComments) {
      this.setCommentType(CommentType.taskComments);
    }
  }

  /** Closes the box and drops its text. */
  closeCommentInput(): void {
    this.isCommentInputOpen = false;
    this.newComment = '';
  }

  /** Shows a tab, collapsed to its first comment. */
  setCommentType(type: CommentType): void {
    this.commentType = type;
    this.showingAll = false;
  }

  /** Show more / show less. */
  toggleShowAll(): void {
    this.showingAll = !this.showingAll;
  }

  /**
   * Adds the text in the box as a comment: shown at the top at once under the signed-in
   * user's name while the box closes, posted, then the list reloads. On failure the
   * optimistic comment goes, the box opens again with the text and a toast says so. Answers whether the server took it.
   */
  async add(): Promise<boolean> {
    const task = this.task;
    if (!task || !this.canAdd) return false;
    const typed = this.newComment;
    const text = typed.trim();
    const author = this.deps.currentUser();
    const optimistic: Comment = {
      id: this.nextLocalId--,
      processInstanceId: task.processInstanceId,
      taskId: task.id,
      taskName: task.name,
      userId: author?.id ?? '',
      userName: author?.fullName ?? '',
      comment: text,
      createdTime: new Date().toISOString(),
      isReassigned: false,
      isRead: true,
      reassigneeName: null,
    };
    this.comments = [optimistic, ...this.comments];
    this.pendingIds = [...this.pendingIds, optimistic.id];
    this.newComment = '';
    this.isCommentInputOpen = false;
    this.commentType = CommentType.taskComments;
    this.savingStatus = SavingStatus.saving;
    try {
      await addComment({
        taskName: task.name,
        taskId: task.id,
        processInstanceId: task.processInstanceId,
        comment: text,
      });
    } catch (error) {
      runInAction(() => {
        this.comments = this.comments.filter((comment) => comment.id !== optimistic.id);
        this.pendingIds = this.pendingIds.filter((id) => id !== optimistic.id);
        if (this.task?.id === task.id && this.newComment === '') {
          this.newComment = typed;
          this.isCommentInputOpen = true;
        }
        this.savingStatus = SavingStatus.error;
      });
      reportFailure(this.deps.toasts, error);
      return false;
    }
    runInAction(() => {
      this.pendingIds = this.pendingIds.filter((id) => id !== optimistic.id);
      this.savingStatus = SavingStatus.success;
    });
    this.deps.toasts.showSuccess('tasks.commentSaveSuccess');
    if (this.task?.id === task.id) await this.reload();
    return true;
  }

  /** Forgets everything, e.g. on sign-out. */
  reset(): void {
    this.requestSeq += 1;
    this.task = null;
    this.comments = [];
    this.pendingIds = [];
    this.newComment = '';
    this.isCommentInputOpen = false;
    this.status = RemoteLoadingStatus.unknown;
    this.savingStatus = SavingStatus.unknown;
    this.commentType = CommentType.taskComments;
    this.showingAll = false;
  }
}
