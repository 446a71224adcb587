import type { AnnouncerStore } from '../stores/AnnouncerStore';
import type { AppNavigator } from '../stores/AppNavigator';
import type { ToastStore } from '../stores/ToastStore';
import { NewApplicationStore } from './NewApplicationStore';
import { ProcessInstanceStore } from './ProcessInstanceStore';
import { StartProcessStore } from './StartProcessStore';
import { TaskPageStore } from './TaskPageStore';
import { TaskCommentsStore, type CommentAuthor } from './comments/TaskCommentsStore';

/** What the process screens need from the rest of the app. */
export interface ProcessStoreDeps {
  /** Where failures go. */
  toasts: ToastStore;
  /** Moves the user to new instances. */
  navigator: AppNavigator;
  /** The signed-in user, who writes the task page's comments. */
  currentUser: () => CommentAuthor | null;
  /** Where the task page speaks what changed while it was open. */
  announcer?: AnnouncerStore;
}

/**
 * The stores of the `/process/...` screens and of the start-process drawer, built together so
 * the RootStore gains one entry for all of them.
 */
export class ProcessStore {
  /** The start-process drawer. */
  readonly startProcess: StartProcessStore;
  /** The process instance page. */
  readonly instance: ProcessInstanceStore;
  /** The task page header. */
  readonly taskPage: TaskPageStore;
  /** The task page's comments panel. */
  readonly taskComments: TaskCommentsStore;
  /** The new-application screen. */
  readonly newApplication: NewApplicationStore;

  constructor(deps: ProcessStoreDeps) {
    this.startProcess = new StartProcessStore(deps);
    this.instance = new ProcessInstanceStore(deps.toasts);
    this.taskPage = new TaskPageStore(
      deps.toasts,
      () => deps.currentUser()?.id ?? '',
      deps.announcer ?? null,
    );
    this.taskComments = new TaskCommentsStore(deps);
    this.newApplication = new NewApplicationStore(deps.toasts, deps.navigator);
  }

  /** Forgets what belonged to the signed-out account. */
  reset(): void {
    this.startProcess.reset();
    this.taskComments.reset();
  }
}
