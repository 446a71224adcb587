import { makeAutoObservable, runInAction } from 'mobx';
import {
  bulkReassign,
  fetchReassignInfo,
  reassignTask,
  type BulkReassignResult,
  type TaskRow,
} from '../api/tasksApi';
import {
  fetchBulkReassignableUsers,
  fetchReassignableUsers,
  type UserSummary,
} from '../api/usersApi';
import { RemoteLoadingStatus, SavingStatus } from '../stores/statuses';
import { BULK_REASSIGN_LIMIT, REASSIGN_COMMENT_MAX } from '../../schemas/api/tasksConstants';

/** Where the reassign flow stands (spec 000 section 4, "Reassign"). */
export const ReassignStep = {
  /** Nothing open. */
  closed: 'closed',
  /** The assignee dialog: pick a person, write a comment. */
  choosing: 'choosing',
  /** The confirmation dialog. */
  confirming: 'confirming',
} as const;
/** One of `ReassignStep`. */
export type ReassignStep = (typeof ReassignStep)[keyof typeof ReassignStep];

/** The result of a reassign (spec 000 section 4). */
export const ReassignResult = {
  success: 'REASSIGN_SUCCESS',
  error: 'REASSIGN_ERROR',
} as const;
/** One of `ReassignResult`. */
export type ReassignResult = (typeof ReassignResult)[keyof typeof ReassignResult];

/** What a finished reassign reports to whoever opened it. */
export type ReassignOutcome =
  | {
      mode: 'single';
      result: ReassignResult;
      task: TaskRow;
      toUser: UserSummary;
      /** Why the call failed, when it did. */
      error?: unknown;
    }
  | {
      mode: 'bulk';
      result: ReassignResult;
      tasks: TaskRow[];
      toUser: UserSummary;
      answer: BulkReassignResult | null;
    };

/** What the flow needs from the rest of the app. */
export interface ReassignStoreDeps {
  /** The signed-in user's id, sent as `userId` of a single reassign. */
  currentUserId: () => string;
  /** Told once the call has answered (or failed). */
  onFinished: (outcome: ReassignOutcome) => void | Promise<void>;
  /** Told when the user closes the flow without reassigning. */
  onCancelled?: () => void;
}

/**
 * The reassign flow for one team task or a selection of them: the assignee dialog (a person
 * and, for one task, a comment of at most 250 characters), the confirmation, then the call.
 * The people are loaded when the dialog opens and filtered here as the user types.
 */
export class ReassignStore {
  /** Where the flow stands. */
  step: ReassignStep = ReassignStep.closed;
  /** The tasks being reassigned. */
  tasks: TaskRow[] = [];
  /** Whether this is a bulk reassign. */
  bulk = false;
  /** The people one may pick. */
  users: UserSummary[] = [];
  /** Where loading the people stands. */
  usersStatus: RemoteLoadingStatus = RemoteLoadingStatus.unknown;
  /** The search typed in the picker. */
  search = '';
  /** The person chosen. */
  selectedUser: UserSummary | null = null;
  /** The comment (single reassign). */
  comment = '';
  /** Where the call stands. */
  saving: SavingStatus = SavingStatus.unknown;
  /** False when the server says this task may not be reassigned (canBeReassigned). */
  allowed = true;

  private readonly deps: ReassignStoreDeps;
  private openSeq = 0;

  constructor(deps: ReassignStoreDeps) {
    this.deps = deps;
    makeAutoObservable<ReassignStore, 'deps' | 'openSeq'>(this, {
      deps: false,
      openSeq: false,
    });
  }

  /** Opens the assignee dialog for one task. */
  openSingle(task: TaskRow): void {
    this.open([task], false);
  }

  /** Opens the assignee dialog for selected tasks (at most the bulk limit). */
  openBulk(tasks: TaskRow[]): void {
    if (tasks.length === 0) return;
    this.open(tasks.slice(0, BULK_REASSIGN_LIMIT), true);
  }

  private open(tasks: TaskRow[], bulk: boolean): void {
    this.tasks = tasks;
    this.bulk = bulk;
    this.search = '';
    this.selectedUser = null;
    this.comment = '';
    this.saving = SavingStatus.unknown;
    this.allowed = true;
    this.users = [];
    this.step = ReassignStep.choosing;
    void this.loadUsers();
  }

  /**
   * Loads whom the tasks may go to, as the server computes it with one rule for both: one
   * task, its reassign info first (spec 000 section 6), then the users it may go to;
   * several, everyone at least one of them may go to (the answer then says why the others
   * did not move).
   */
  async loadUsers(): Promise<void> {
    const seq = ++this.openSeq;
    const task = this.bulk ? null : (this.tasks[0] ?? null);
    this.usersStatus = RemoteLoadingStatus.loading;
    try {
      let users: UserSummary[];
      let allowed = true;
      if (task) {
        const info = await fetchReassignInfo(task.taskId);
        allowed = info.canBeReassigned;
        users = allowed ? await fetchReassignableUsers(task.taskId) : [];
      } else {
        users = await fetchBulkReassignableUsers(this.tasks.map((row) => row.taskId));
      }
      if (seq !== this.openSeq) return;
      runInAction(() => {
        this.allowed = allowed;
        this.users = users;
        this.usersStatus = RemoteLoadingStatus.fullyLoaded;
      });
    } catch {
      if (seq !== this.openSeq) return;
      runInAction(() => {
        this.usersStatus = RemoteLoadingStatus.loadingFailed;
      });
    }
  }

  /** The single task's current assignee id, to leave them out of the choices. */
  private get currentAssignee(): string | null {
    return !this.bulk && this.tasks[0] ? this.tasks[0].assignee : null;
  }

  /** The people matching the search, without the task's current assignee. */
  get matchingUsers(): UserSummary[] {
    const needle = this.search.trim().toLocaleLowerCase();
    return this.users.filter(
      (user) =>
        user.id !== this.currentAssignee &&
        (needle === '' ||
          user.fullName.toLocaleLowerCase().includes(needle) ||
          user.email.toLocaleLowerCase().includes(needle)),
    );
  }

  /** Whether nobody could be chosen at all (tasks.noUsersConfigured). */
  get noUsersConfigured(): boolean {
    return (
      this.usersStatus === RemoteLoadingStatus.fullyLoaded &&
      this.allowed &&
      this.users.filter((user) => user.id !== this.currentAssignee).length === 0
    );
  }

  /** Whether the dialog may move on: a person is chosen and the comment fits. */
  get canContinue(): boolean {
    return (
      this.allowed &&
      this.selectedUser !== null &&
      !this.noUsersConfigured &&
      this.comment.length <= REASSIGN_COMMENT_MAX
    );
  }

  /** The comment counter, `n/250`. */
  get commentLength(): number {
    return this.comment.length;
  }

  /** Sets the picker's search. */
  setSearch(search: string): void {
    this.search = search;
  }

  /** Chooses a person. */
  selectUser(user: UserSummary | null): void {
    this.selectedUser = user;
  }

  /** Sets the comment, cut at 250 characters. */
  setComment(comment: string): void {
    this.comment = comment.slice(0, REASSIGN_COMMENT_MAX);
  }

  /** From the assignee dialog to the confirmation. */
  proceed(): void {
    if (this.canContinue) this.step = ReassignStep.confirming;
  }

  /** From the confirmation back to the assignee dialog. */
  back(): void {
    if (this.saving !== SavingStatus.saving) this.step = ReassignStep.choosing;
  }

  /** Closes the flow without doing anything. */
  cancel(): void {
    if (this.saving === SavingStatus.saving || this.step === ReassignStep.closed) return;
    this.step = ReassignStep.closed;
    this.deps.onCancelled?.();
  }

  /** Makes the call and reports the outcome. */
  async confirm(): Promise<void> {
    const toUser = this.selectedUser;
    if (!toUser || this.saving === SavingStatus.saving) return;
    this.saving = SavingStatus.saving;
    const tasks = this.tasks;
    let outcome: ReassignOutcome;
    if (this.bulk) {
      let answer: BulkReassignResult | null = null;
      try {
        answer = await bulkReassign({
          taskDetails: tasks.map((task) => ({
            fromUserId: task.assignee ?? '',
            taskId: task.taskId,
          })),
          toUserId: toUser.id,
        });
      } catch {
        answer = null;
      }
      const ok =
        answer !== null && answer.noOfTasksReassigned > 0 && answer.failedTaskIds.length === 0;
      outcome = {
        mode: 'bulk',
        result: ok ? ReassignResult.success : ReassignResult.error,
        tasks,
        toUser,
        answer,
      };
    } else {
      const task = tasks[0];
      if (!task) return;
      let result: ReassignResult = ReassignResult.success;
      let error: unknown;
      try {
        await reassignTask({
          fromUser: task.assignee ?? '',
          toUser: toUser.id,
          taskId: task.taskId,
          comment: this.comment.trim(),
          processInstanceId: task.processInstanceId,
          userId: this.deps.currentUserId(),
          taskName: task.taskName,
        });
      } catch (failure) {
        result = ReassignResult.error;
        error = failure;
      }
      outcome = { mode: 'single', result, task, toUser, error };
    }
    runInAction(() => {
      this.saving =
        outcome.result === ReassignResult.success ? SavingStatus.success : SavingStatus.error;
      this.step = ReassignStep.closed;
    });
    await this.deps.onFinished(outcome);
  }

  /** Forgets the people and closes (sign-out). */
  reset(): void {
    this.openSeq += 1;
    this.allowed = true;
    this.step = ReassignStep.closed;
    this.tasks = [];
    this.users = [];
    this.usersStatus = RemoteLoadingStatus.unknown;
    this.selectedUser = null;
    this.comment = '';
    this.saving = SavingStatus.unknown;
  }
}
