import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { DeployError } from './engineErrors';
import type { DeployWarning } from './parse/extensionDialects';
import type { Variables } from './expressions/expressionAst';
import type { ProcessModel } from './processModel';
import type { ServiceHandlerRegistry } from './ServiceHandlerRegistry';

/** One deployed version of a process. */
export interface ProcessDefinition {
  readonly id: string;
  readonly tenant: string;
  readonly key: string;
  readonly name: string;
  /** 1 for the first deployment of a key, then one more per changed deployment. */
  readonly version: number;
  readonly category: string;
  readonly description: string | null;
  readonly deployedAt: Date;
  readonly model: ProcessModel;
}

/** The spec's instance status: 'On-going' until the last token is gone. */
export type ProcessInstanceStatus = 'On-going' | 'Completed';

/** A process instance with the definition facts the API shows beside it. */
export interface ProcessInstance {
  readonly id: string;
  readonly tenant: string;
  readonly name: string;
  /** The case's name per language once its data is known, else null (show `name`). */
  readonly displayNames: Readonly<Record<string, string>> | null;
  readonly businessKey: string | null;
  readonly definitionId: string;
  readonly definitionKey: string;
  readonly definitionName: string;
  readonly definitionDescription: string | null;
  readonly definitionCategory: string;
  readonly definitionVersion: number;
  readonly startedBy: string;
  readonly startedAt: Date;
  readonly endedAt: Date | null;
  readonly status: ProcessInstanceStatus;
  readonly variables: Variables;
  /** Optimistic-lock counter, bumped on every change. */
  readonly version: number;
}

/** A user task, open or completed. */
export interface Task {
  readonly id: string;
  readonly tenant: string;
  readonly instanceId: string;
  readonly definitionId: string;
  /** The BPMN id of the user task in the definition. */
  readonly elementId: string;
  /** The name per language, or null for tasks made before names were (show `name`). */
  readonly displayNames: Readonly<Record<string, string>> | null;
  readonly name: string;
  /** The instructions (the task's `documentation`, filled in), in English; null without any. */
  readonly description: string | null;
  /** The instructions per language, or null without any (show `description`). */
  readonly displayDescriptions: Readonly<Record<string, string>> | null;
  readonly formKey: string | null;
  readonly assignee: string | null;
  readonly createdAt: Date;
  readonly dueDate: Date | null;
  readonly state: 'open' | 'completed' | 'cancelled';
  readonly completedAt: Date | null;
  readonly completedBy: string | null;
  readonly outcome: string | null;
  /** Task-local values: a draft while open, what was submitted once completed. */
  readonly variables: Variables;
  readonly initiatorCanCompleteTask: boolean;
  readonly seenByAssignee: boolean;
  readonly priority: number;
}

/** Who may claim a task, as written to `task_candidates`. */
export interface TaskCandidates {
  readonly users: readonly string[];
  readonly groups: readonly string[];
}

/** How the engine is put together; defaults suit the server. */
export interface ProcessEngineOptions {
  /** Service handlers; the server's shared registry by default. */
  readonly handlers?: ServiceHandlerRegistry;
  /** The clock, so tests can pin due dates. */
  readonly clock?: () => Date;
}

/** Which process to start, by whom, with what. */
export interface StartProcessInput {
  /** A definition id; or give `key` to start the latest version. */
  readonly definitionId?: string;
  readonly key?: string;
  /** The instance name; the process name when absent. */
  readonly name?: string;
  readonly businessKey?: string;
  readonly startedBy: string;
  readonly variables?: Variables;
}

/** A task completion: who, which outcome button, what the form submitted. */
export interface CompleteTaskInput {
  readonly userId: string;
  /** Stored on the task and as the process variable `<elementId>Outcome`. */
  readonly outcome?: string;
  readonly variables?: Variables;
}

/** A (re)assignment, checked against the current assignee when `expectedAssignee` is given. */
export interface AssignTaskInput {
  /** The new assignee; null puts the task back in the candidate pool. */
  readonly assignee: string | null;
  /** Who does it, for the history. */
  readonly actor: string;
  /** When given, the task must still be assigned to this user (null: unassigned). */
  readonly expectedAssignee?: string | null;
  /**
   * Why the task moved, in the reassigner's words (may be empty). Handed to the
   * `onTaskAssigned` listeners, which keep it with the change in the same transaction.
   */
  readonly comment?: string;
}

/** A new due date for an open task (Flowable's `setDueDate`): null takes the date away. */
export interface SetTaskDueDateInput {
  readonly dueDate: Date | null;
  /** Who moved the deadline, for the history. */
  readonly actor: string;
}

/** The outcome of deploying a folder: what went in and what was refused, by file. */
/**
 * A deployed definition with the settings of its file that change nothing here. A file
 * deployed again unchanged is not read again: its warnings were given the first time.
 */
export interface DeployedDefinition extends ProcessDefinition {
  readonly warnings: readonly DeployWarning[];
}

export interface DeployFolderResult {
  readonly deployed: readonly DeployedDefinition[];
  readonly refused: readonly { readonly file: string; readonly errors: readonly DeployError[] }[];
}

/** Every hook gets the open transaction: whatever it writes commits with the change. */
interface HookBase {
  readonly tenant: string;
  readonly db: Transaction<DatabaseSchema>;
  /** The engine's clock when it happened, so what listeners write keeps the engine's time. */
  readonly at: Date;
}

/** A user task was created (by a start or a completion). */
export interface TaskCreatedEvent extends HookBase {
  readonly task: Task;
  readonly candidates: TaskCandidates;
  readonly instance: { readonly id: string; readonly startedBy: string };
}

/** A task got a new assignee (claim, reassignment or release). */
export interface TaskAssignedEvent extends HookBase {
  readonly task: Task;
  readonly previousAssignee: string | null;
  readonly actor: string;
  readonly reason: 'claim' | 'assign';
  /** The reassigner's comment, when the caller gave one (`AssignTaskInput.comment`). */
  readonly comment?: string;
}

/** A task was completed. */
export interface TaskCompletedEvent extends HookBase {
  readonly task: Task;
  readonly actor: string;
  /** Who could have claimed it, as they stood before the completion removed them. */
  readonly candidates: TaskCandidates;
}

/**
 * An open task was cancelled before anyone completed it: a boundary event, an interrupting
 * message or event sub-process, a terminate end event, a withdrawn case.
 */
export interface TaskCancelledEvent extends HookBase {
  readonly task: Task;
  /** Who could have claimed it, as they stood before the cancellation removed them. */
  readonly candidates: TaskCandidates;
  /** Why, as the history says (`withdrawn`, the boundary event's id, ...). */
  readonly reason: string;
}

/** An open task's due date was moved (or taken away). */
export interface TaskDueDateChangedEvent extends HookBase {
  readonly task: Task;
  readonly actor: string;
}

/** The last token of an instance was consumed. */
export interface ProcessEndedEvent extends HookBase {
  readonly instance: ProcessInstance;
}

/** A subscriber; a throw rolls back the change that raised the event. */
export type EngineListener<E> = (event: E) => Promise<void> | void;

/** A message to correlate by name, to one instance (by id or business key) or to any. */
export interface CorrelateMessageInput {
  readonly messageName: string;
  readonly processInstanceId?: string;
  readonly businessKey?: string;
  /** Merged into the instance's variables before the waiting event moves on. */
  readonly variables?: Variables;
  /** Who sent it: the history actor, and the starter when a message start event starts one. */
  readonly actor: string;
}

/** A signal sent to the tenant from outside its processes (an integration, a person). */
export interface SendSignalInput {
  /** The signal's name, as `<signal name>` declares it. */
  readonly signalName: string;
  /** Merged into each instance it reaches before it moves on; the start variables of those it starts. */
  readonly variables?: Variables;
  /** Who sent it: the history actor, and the starter of the instances it starts. */
  readonly actor: string;
}

/** What a signal reached: it is lost where nothing waits, so none is no error. */
export interface SignalSent {
  readonly signalName: string;
  /** The catch and boundary events of running instances it reached. */
  readonly waitsReached: number;
  /** The instances its signal start events started (the latest live version of each process). */
  readonly instancesStarted: number;
  readonly startedInstanceIds: readonly string[];
}

/** What one attempt to fire the next due timer did. */
export type JobFiring =
  | { readonly state: 'none' }
  | { readonly state: 'fired' | 'dropped' | 'busy' | 'failed'; readonly jobId: string };

/** One topic a worker fetches: its name, how long its tasks stay locked, which variables. */
export interface ExternalTaskTopicRequest {
  /** The `topic` of the external service tasks wanted. */
  readonly name: string;
  /** How long the tasks fetched stay this worker's: 1 second to 24 hours. */
  readonly lockDurationMs: number;
  /** Only these process variables are handed over (those the instance has); all when absent. */
  readonly variables?: readonly string[];
}

/** A worker asking for work: who it is, which topics, how many tasks at most (1 to 100). */
export interface FetchExternalTasksInput {
  /** The worker's own name, 1 to 100 characters: only it may then complete what it locked. */
  readonly workerId: string;
  readonly topics: readonly ExternalTaskTopicRequest[];
  readonly maxTasks: number;
}

/**
 * Work a service task handed to a worker outside the server, as it stands: who holds it
 * and until when, how many attempts are left, and why the last one failed.
 */
export interface ExternalTask {
  readonly id: string;
  readonly tenant: string;
  readonly topic: string;
  readonly instanceId: string;
  readonly businessKey: string | null;
  readonly processDefinitionKey: string;
  /** The BPMN id of the service task. */
  readonly elementId: string;
  /** The worker holding the lock, or null while nobody does. */
  readonly workerId: string | null;
  /** Until when nobody else may fetch it (a lock, or a failure's retry timeout); null: now. */
  readonly lockExpiresAt: Date | null;
  /** Attempts left as the worker last reported them; null until a failure; 0: an incident. */
  readonly retries: number | null;
  /** The last failure's message (cut to 2,000 characters), or null. */
  readonly errorMessage: string | null;
  readonly createdAt: Date;
}

/** A task a worker just locked, with the variables it needs to do the work. */
export interface LockedExternalTask extends ExternalTask {
  readonly workerId: string;
  readonly lockExpiresAt: Date;
  /**
   * The process variables the task sees (an item's own, of a multi-instance one, over the
   * instance's), all or those the topic named.
   */
  readonly variables: Variables;
}

/** A worker reporting its work done: the variables are merged into the process. */
export interface CompleteExternalTaskInput {
  readonly workerId: string;
  readonly variables?: Variables;
}

/**
 * A worker reporting a failure: the message is kept, the lock released, and the task may
 * be fetched again after `retryTimeoutMs` (0 to 7 days) while `retries` (0 to 100) is above
 * 0; at 0 it is an incident until someone sets its retries.
 */
export interface FailExternalTaskInput {
  readonly workerId: string;
  readonly errorMessage: string;
  readonly retries: number;
  readonly retryTimeoutMs: number;
}

/** A worker that needs longer: its lock runs `newDurationMs` (1 s to 24 h) from now. */
export interface ExtendExternalTaskLockInput {
  readonly workerId: string;
  readonly newDurationMs: number;
}

/** Which external tasks to list: of a topic, of an instance, only incidents. */
export interface ExternalTaskFilter {
  readonly topic?: string;
  readonly instanceId?: string;
  /** Only tasks whose retries ran out (incidents). */
  readonly failedOnly?: boolean;
}
