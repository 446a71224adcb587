import type { Kysely, Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { EngineCommands, WITHDRAWN_EVENT } from './commands/EngineCommands';
import { EngineContext } from './commands/EngineContext';
import {
  EngineDeployer,
  type DefinitionCheck,
  type DeployOptions,
} from './commands/EngineDeployer';
import type { FormSource } from './commands/checkProcessForms';
import { EngineQueries } from './commands/EngineQueries';
import { ExternalTasks } from './commands/ExternalTasks';
import type { Variables } from './expressions/expressionAst';
import type {
  AssignTaskInput,
  CompleteExternalTaskInput,
  CompleteTaskInput,
  CorrelateMessageInput,
  JobFiring,
  DeployFolderResult,
  EngineListener,
  DeployedDefinition,
  ExtendExternalTaskLockInput,
  ExternalTask,
  ExternalTaskFilter,
  FailExternalTaskInput,
  FetchExternalTasksInput,
  LockedExternalTask,
  ProcessDefinition,
  ProcessEndedEvent,
  ProcessEngineOptions,
  ProcessInstance,
  SendSignalInput,
  SetTaskDueDateInput,
  SignalSent,
  StartProcessInput,
  Task,
  TaskAssignedEvent,
  TaskCancelledEvent,
  TaskCandidates,
  TaskCompletedEvent,
  TaskCreatedEvent,
  TaskDueDateChangedEvent,
} from './processEngineTypes';

/**
 * The workflow engine: BPMN definitions executed over the database, the way Flowable keeps
 * its ACT_RU_* tables. Every method is one transaction; nothing that matters is held in
 * memory, so several server processes can share one database. Instance changes lock the
 * instance row (`SELECT ... FOR NO KEY UPDATE`) so two requests never advance one instance at
 * once; claims are a conditional update, so exactly one of many concurrent claims wins.
 * The lock is the no-key kind so the foreign-key checks of concurrent claims and history
 * rows (which take key-share locks on the instance) never wait on it and cannot deadlock.
 *
 * The engine is put together from its seams: {@link EngineDeployer} (definitions),
 * {@link EngineQueries} (reads), {@link EngineCommands} (changes) and {@link ExternalTasks}
 * (work done by workers outside the server), over one {@link EngineContext}; this class is
 * their one front door.
 */
export class ProcessEngine {
  /** The history event a withdrawal writes (its actor, and `payload.reason`). */
  static readonly withdrawnEvent = WITHDRAWN_EVENT;

  private readonly context: EngineContext;
  private readonly deployer: EngineDeployer;
  private readonly queries: EngineQueries;
  private readonly commands: EngineCommands;
  private readonly externalTasks: ExternalTasks;

  /** An engine over `db`; given an engine's context instead, one that shares its listeners. */
  constructor(db: Kysely<DatabaseSchema> | EngineContext, options: ProcessEngineOptions = {}) {
    this.context = db instanceof EngineContext ? db : new EngineContext(db, options);
    this.deployer = new EngineDeployer(this.context);
    this.queries = new EngineQueries(this.context);
    this.commands = new EngineCommands(this.context);
    this.externalTasks = new ExternalTasks(this.context, this.commands);
  }

  /**
   * This engine inside an open transaction: every command runs in `trx` and commits or rolls
   * back with it, and the listeners subscribed here still hear it (a write whose answer is
   * recorded under an idempotency key in the same transaction).
   */
  joining(trx: Transaction<DatabaseSchema>): ProcessEngine {
    return new ProcessEngine(this.context.joining(trx));
  }

  /** Subscribes to new user tasks (e.g. to notify assignees and candidates). */
  onTaskCreated(listener: EngineListener<TaskCreatedEvent>): () => void {
    return this.context.taskCreated.add(listener);
  }

  /** Subscribes to claims and reassignments. */
  onTaskAssigned(listener: EngineListener<TaskAssignedEvent>): () => void {
    return this.context.taskAssigned.add(listener);
  }

  /** Subscribes to task completions. */
  onTaskCompleted(listener: EngineListener<TaskCompletedEvent>): () => void {
    return this.context.taskCompleted.add(listener);
  }

  /** Subscribes to open tasks cancelled by the process (a deadline, a message, a withdrawal). */
  onTaskCancelled(listener: EngineListener<TaskCancelledEvent>): () => void {
    return this.context.taskCancelled.add(listener);
  }

  /** Subscribes to due-date changes. */
  onTaskDueDateChanged(listener: EngineListener<TaskDueDateChangedEvent>): () => void {
    return this.context.taskDueDateChanged.add(listener);
  }

  /** Subscribes to instances reaching their end. */
  onProcessEnded(listener: EngineListener<ProcessEndedEvent>): () => void {
    return this.context.processEnded.add(listener);
  }

  /**
   * Deploys a BPMN definition as the next version of its key; answers it with the settings
   * of the file that change nothing here, as warnings.
   */
  deploy(tenant: string, xml: string, options?: DeployOptions): Promise<DeployedDefinition> {
    return this.deployer.deploy(tenant, xml, options);
  }

  /** Checks a BPMN definition as deploy would, storing nothing; every problem at once. */
  checkDefinition(
    tenant: string,
    xml: string,
    bundled?: ReadonlyMap<string, FormSource>,
  ): Promise<DefinitionCheck> {
    return this.deployer.check(tenant, xml, bundled);
  }

  /** Retires a version: new starts never take it; its running instances finish on it. */
  retireDefinition(
    tenant: string,
    definitionId: string,
    retiredBy: string,
  ): Promise<{ definition: ProcessDefinition; liveVersions: number }> {
    return this.deployer.retire(tenant, definitionId, retiredBy);
  }

  /** Deploys every `*.bpmn` file directly in `folder` (not its subfolders), in name order. */
  deployFolder(tenant: string, folder: string): Promise<DeployFolderResult> {
    return this.deployer.deployFolder(tenant, folder);
  }

  /** The latest live version of every process key of the tenant (the start-process list). */
  listDefinitions(tenant: string): Promise<ProcessDefinition[]> {
    return this.deployer.listDefinitions(tenant);
  }

  /** One definition version by id. */
  getDefinition(tenant: string, definitionId: string): Promise<ProcessDefinition> {
    return this.deployer.getDefinition(tenant, definitionId);
  }

  /** One instance with its definition facts and variables. */
  getInstance(tenant: string, instanceId: string): Promise<ProcessInstance> {
    return this.queries.getInstance(tenant, instanceId);
  }

  /** The process variables of an instance. */
  getVariables(tenant: string, instanceId: string): Promise<Variables> {
    return this.queries.getVariables(tenant, instanceId);
  }

  /** The tasks of an instance in creation order: */
  listInstanceTasks(
    tenant: string,
    instanceId: string,
    filter: { readonly completed?: boolean } = {},
  ): Promise<Task[]> {
    return this.queries.listInstanceTasks(tenant, instanceId, filter);
  }

  /** One task by id. */
  getTask(tenant: string, taskId: string): Promise<Task> {
    return this.queries.getTask(tenant, taskId);
  }

  /** The candidate users and groups of an open task (completed tasks keep none). */
  getTaskCandidates(tenant: string, taskId: string): Promise<TaskCandidates> {
    return this.queries.getTaskCandidates(tenant, taskId);
  }

  /** Whether the user may claim the task as it stands: */
  canClaim(tenant: string, taskId: string, userId: string): Promise<boolean> {
    return this.queries.canClaim(tenant, taskId, userId);
  }

  /** Starts an instance: */
  startProcess(tenant: string, input: StartProcessInput): Promise<ProcessInstance> {
    return this.commands.startProcess(tenant, input);
  }

  /** Claims an unassigned task for a candidate. */
  claimTask(tenant: string, taskId: string, userId: string): Promise<Task> {
    return this.commands.claimTask(tenant, taskId, userId);
  }

  /** Sets or clears the assignee of an open task. */
  assignTask(tenant: string, taskId: string, input: AssignTaskInput): Promise<Task> {
    return this.commands.assignTask(tenant, taskId, input);
  }

  /** Moves the deadline of an open task, as Flowable's `setDueDate` does: */
  setTaskDueDate(tenant: string, taskId: string, input: SetTaskDueDateInput): Promise<Task> {
    return this.commands.setTaskDueDate(tenant, taskId, input);
  }

  /** Clears the 'new' marker once the assignee has opened the task. */
  markTaskSeen(tenant: string, taskId: string, userId: string): Promise<void> {
    return this.commands.markTaskSeen(tenant, taskId, userId);
  }

  /** Saves the assignee's draft form values on the open task, replacing the previous draft. */
  saveTaskDraft(
    tenant: string,
    taskId: string,
    input: { readonly userId: string; readonly variables: Variables },
  ): Promise<Task> {
    return this.commands.saveTaskDraft(tenant, taskId, input);
  }

  /**
   * Sets variables of a running instance outside its tasks (a webhook's recorded answer),
   * merged over the ones it holds, under the instance lock; the token does not move.
   */
  setVariables(
    tenant: string,
    instanceId: string,
    input: { readonly userId: string; readonly variables: Variables; readonly taskId?: string },
  ): Promise<ProcessInstance> {
    return this.commands.setVariables(tenant, instanceId, input);
  }

  /**
   * Withdraws a running instance (a person ends the case): ends it as a terminate end event
   * does, with a {@link ProcessEngine.withdrawnEvent} history row naming who and why.
   * `check` runs first under the instance lock and throws to refuse.
   */
  cancelInstance(
    tenant: string,
    instanceId: string,
    input: {
      readonly userId: string;
      readonly reason: string;
      readonly check?: (trx: Transaction<DatabaseSchema>) => Promise<void>;
    },
  ): Promise<ProcessInstance> {
    return this.commands.cancelInstance(tenant, instanceId, input);
  }

  /**
   * Correlates a message by name to the oldest waiting message event (of one instance, by
   * id or business key, when given), or starts the process whose message start awaits it.
   */
  correlateMessage(tenant: string, input: CorrelateMessageInput): Promise<ProcessInstance> {
    return this.commands.correlateMessage(tenant, input);
  }

  /**
   * Sends a signal to the tenant: every running instance's wait for it is reached (with the
   * variables merged in first), and the latest live version of each process with a signal
   * start event for it starts. Answers how many waits it reached and which cases it started.
   */
  sendSignal(tenant: string, input: SendSignalInput): Promise<SignalSent> {
    return this.commands.sendSignal(tenant, input);
  }

  /**
   * Fires the oldest due timer not being fired elsewhere (one transaction); `skip` lists
   * jobs this caller found busy in this round. The scheduler calls this in a loop.
   */
  fireNextDueJob(skip: readonly string[] = []): Promise<JobFiring> {
    return this.commands.fireNextDueJob(skip);
  }

  /**
   * A worker outside the server asks for work: locks up to `maxTasks` (1 to 100) of the
   * oldest external tasks of its topics that nobody holds, each for its topic's
   * `lockDurationMs`, and answers them with the variables they see. Concurrent fetches never
   * get one task twice.
   */
  fetchAndLockExternalTasks(
    tenant: string,
    input: FetchExternalTasksInput,
  ): Promise<LockedExternalTask[]> {
    return this.externalTasks.fetchAndLock(tenant, input);
  }

  /**
   * The worker holding the task's valid lock reports it done: its variables are merged and
   * the token moves on. Another worker or an expired lock is a {@link ConflictError}.
   */
  completeExternalTask(
    tenant: string,
    externalTaskId: string,
    input: CompleteExternalTaskInput,
  ): Promise<ProcessInstance> {
    return this.externalTasks.complete(tenant, externalTaskId, input);
  }

  /**
   * The worker holding the task's valid lock reports a failure: the task is offered again
   * after `retryTimeoutMs` while `retries` is above 0, else kept as an incident.
   */
  failExternalTask(
    tenant: string,
    externalTaskId: string,
    input: FailExternalTaskInput,
  ): Promise<ExternalTask> {
    return this.externalTasks.fail(tenant, externalTaskId, input);
  }

  /** The worker holding the task's valid lock keeps it `newDurationMs` longer from now. */
  extendExternalTaskLock(
    tenant: string,
    externalTaskId: string,
    input: ExtendExternalTaskLockInput,
  ): Promise<ExternalTask> {
    return this.externalTasks.extendLock(tenant, externalTaskId, input);
  }

  /**
   * Sets the attempts left of an external task (0 to 100): how someone sends an incident
   * back to its workers once the cause is fixed; `actor` is recorded in the history.
   */
  setExternalTaskRetries(
    tenant: string,
    externalTaskId: string,
    retries: number,
    actor?: string,
  ): Promise<ExternalTask> {
    return this.externalTasks.setRetries(tenant, externalTaskId, retries, actor ?? null);
  }

  /** The tenant's external tasks, oldest first: of a topic, of an instance, or incidents only. */
  listExternalTasks(tenant: string, filter: ExternalTaskFilter = {}): Promise<ExternalTask[]> {
    return this.externalTasks.list(tenant, filter);
  }

  /** Completes a task as its assignee: */
  completeTask(
    tenant: string,
    taskId: string,
    input: CompleteTaskInput,
  ): Promise<{ task: Task; instance: ProcessInstance }> {
    return this.commands.completeTask(tenant, taskId, input);
  }
}
