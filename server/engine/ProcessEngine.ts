import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql, Transaction, type Kysely } from 'kysely';
import { claimTaskIds } from './claimRule';
import {
  ConflictError,
  DefinitionRefusedError,
  ForbiddenError,
  NotFoundError,
  type DeployError,
} from './engineErrors';
import {
  toProcessDefinition,
  toProcessInstance,
  toTask,
  type DefinitionRow,
  type InstanceRow,
} from './engineRows';
import type { DatabaseSchema } from '../db/schema';
import type { Variables } from './expressionAst';
import { parseProcessDefinition } from './parseProcessDefinition';
import type { ProcessModel } from './processModel';
import type {
  ProcessDefinition,
  ProcessInstance,
  Task,
  TaskCandidates,
} from './processEngineTypes';
import { serviceHandlers, type ServiceHandlerRegistry } from './ServiceHandlerRegistry';
import { TokenRunner, type RunningInstance } from './TokenRunner';

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
export interface DeployFolderResult {
  readonly deployed: readonly ProcessDefinition[];
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
}

/** The last token of an instance was consumed. */
export interface ProcessEndedEvent extends HookBase {
  readonly instance: ProcessInstance;
}

/** A subscriber; a throw rolls back the change that raised the event. */
export type EngineListener<E> = (event: E) => Promise<void> | void;

/** Runs the listeners in subscription order, awaiting each. */
class ListenerList<E> {
  private readonly listeners: EngineListener<E>[] = [];

  add(listener: EngineListener<E>): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  async emit(event: E): Promise<void> {
    for (const listener of [...this.listeners]) await listener(event);
  }
}

/**
 * The workflow engine: BPMN definitions executed over the database, the way Flowable keeps
 * its ACT_RU_* tables. Every method is one transaction; nothing that matters is held in
 * memory, so several server processes can share one database. Instance changes lock the
 * instance row (`SELECT ... FOR NO KEY UPDATE`) so two requests never advance one instance at
 * once; claims are a conditional update, so exactly one of many concurrent claims wins.
 * The lock is the no-key kind so the foreign-key checks of concurrent claims and history
 * rows (which take key-share locks on the instance) never wait on it and cannot deadlock.
 */
export class ProcessEngine {
  private readonly db: Kysely<DatabaseSchema>;
  private readonly handlers: ServiceHandlerRegistry;
  private readonly clock: () => Date;
  private readonly taskCreated = new ListenerList<TaskCreatedEvent>();
  private readonly taskAssigned = new ListenerList<TaskAssignedEvent>();
  private readonly taskCompleted = new ListenerList<TaskCompletedEvent>();
  private readonly processEnded = new ListenerList<ProcessEndedEvent>();

  constructor(db: Kysely<DatabaseSchema>, options: ProcessEngineOptions = {}) {
    this.db = db;
    this.handlers = options.handlers ?? serviceHandlers;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Subscribes to new user tasks (e.g. to notify assignees and candidates). */
  onTaskCreated(listener: EngineListener<TaskCreatedEvent>): () => void {
    return this.taskCreated.add(listener);
  }

  /** Subscribes to claims and reassignments. */
  onTaskAssigned(listener: EngineListener<TaskAssignedEvent>): () => void {
    return this.taskAssigned.add(listener);
  }

  /** Subscribes to task completions. */
  onTaskCompleted(listener: EngineListener<TaskCompletedEvent>): () => void {
    return this.taskCompleted.add(listener);
  }

  /** Subscribes to instances reaching their end. */
  onProcessEnded(listener: EngineListener<ProcessEndedEvent>): () => void {
    return this.processEnded.add(listener);
  }

  // ---------------------------------------------------------------- definitions

  /**
   * Deploys a BPMN definition as the next version of its key. Deploying the same XML as
   * the latest version again returns that version, so seeding on every start is harmless.
   * Throws {@link DefinitionRefusedError} listing every problem.
   */
  async deploy(tenant: string, xml: string): Promise<ProcessDefinition> {
    // 0. XML that is already some key's latest version needs no parsing: every start
    //    deploys the fixtures again, and parsing them was a large part of a warm start.
    const unchanged = await this.db
      .selectFrom('process_definitions as d')
      .selectAll('d')
      .where('d.tenant', '=', tenant)
      .where('d.xml', '=', xml)
      .where(({ eb, selectFrom }) =>
        eb(
          'd.version',
          '=',
          selectFrom('process_definitions as l')
            .select(({ fn }) => fn.max('l.version').as('latest'))
            .whereRef('l.tenant', '=', 'd.tenant')
            .whereRef('l.key', '=', 'd.key'),
        ),
      )
      .executeTakeFirst();
    if (unchanged) return toProcessDefinition(unchanged);
    const parsed = await parseProcessDefinition(xml, { serviceHandlers: this.handlers });
    if ('errors' in parsed) throw new DefinitionRefusedError(parsed.errors);
    const model = parsed.definition;
    return this.inTransaction(async (trx) => {
      // 1. Serialise deploys of one key so two cannot pick the same version number.
      await sql`select pg_advisory_xact_lock(hashtext(${tenant}), hashtext(${model.key}))`.execute(
        trx,
      );
      // 2. Unchanged XML: keep the current version.
      const latest = await trx
        .selectFrom('process_definitions')
        .selectAll()
        .where('tenant', '=', tenant)
        .where('key', '=', model.key)
        .orderBy('version', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (latest?.xml === xml) return toProcessDefinition(latest);
      // 3. Otherwise insert the next version.
      const row = await trx
        .insertInto('process_definitions')
        .values({
          id: randomUUID(),
          tenant,
          key: model.key,
          name: model.name,
          version: (latest?.version ?? 0) + 1,
          category: model.category,
          description: model.description,
          xml,
          model: JSON.stringify(model),
          deployed_at: this.clock(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toProcessDefinition(row);
    });
  }

  /**
   * Deploys every `*.bpmn` file directly in `folder` (not its subfolders), in name order.
   * A refused file does not stop the others; the result says which were refused and why.
   */
  async deployFolder(tenant: string, folder: string): Promise<DeployFolderResult> {
    const entries = await readdir(folder, { withFileTypes: true });
    const files = entries
      .filter((entry) => entry.isFile() && entry.name.endsWith('.bpmn'))
      .map((entry) => entry.name)
      .sort();
    const deployed: ProcessDefinition[] = [];
    const refused: { file: string; errors: readonly DeployError[] }[] = [];
    for (const file of files) {
      const xml = await readFile(join(folder, file), 'utf8');
      try {
        deployed.push(await this.deploy(tenant, xml));
      } catch (error) {
        if (!(error instanceof DefinitionRefusedError)) throw error;
        refused.push({ file, errors: error.errors });
      }
    }
    return { deployed, refused };
  }

  /** The latest version of every process key of the tenant (the start-process list). */
  async listDefinitions(tenant: string): Promise<ProcessDefinition[]> {
    const rows = await this.db
      .selectFrom('process_definitions')
      .selectAll()
      .distinctOn('key')
      .where('tenant', '=', tenant)
      .orderBy('key')
      .orderBy('version', 'desc')
      .execute();
    return rows.map(toProcessDefinition).sort((a, b) => a.name.localeCompare(b.name));
  }

  /** One definition version by id. */
  async getDefinition(tenant: string, definitionId: string): Promise<ProcessDefinition> {
    return toProcessDefinition(await this.definitionRow(this.db, tenant, definitionId));
  }

  // ---------------------------------------------------------------- instances

  /**
   * Starts an instance: stores the variables (and the starter under `camunda:initiator`'s
   * name), then moves the token to its first wait states, creating their user tasks.
   */
  async startProcess(tenant: string, input: StartProcessInput): Promise<ProcessInstance> {
    return this.inTransaction(async (trx) => {
      // 1. Find the definition: by id, or the latest version of a key.
      let definition: DefinitionRow | undefined;
      if (input.definitionId !== undefined) {
        definition = await this.definitionRow(trx, tenant, input.definitionId);
      } else if (input.key !== undefined) {
        definition = await trx
          .selectFrom('process_definitions')
          .selectAll()
          .where('tenant', '=', tenant)
          .where('key', '=', input.key)
          .orderBy('version', 'desc')
          .limit(1)
          .executeTakeFirst();
      }
      if (definition === undefined) {
        throw new NotFoundError(`No process definition ${input.definitionId ?? input.key ?? ''}`);
      }
      const model = definition.model;
      const now = this.clock();
      // 2. Create the instance row with its starting variables.
      const variables: Variables = { ...(input.variables ?? {}) };
      if (model.initiatorVariable !== null) variables[model.initiatorVariable] = input.startedBy;
      const instance: RunningInstance = {
        id: randomUUID(),
        tenant,
        definitionId: definition.id,
        definitionKey: definition.key,
        startedBy: input.startedBy,
        startedAt: now,
        variables,
      };
      await trx
        .insertInto('process_instances')
        .values({
          id: instance.id,
          tenant,
          definition_id: definition.id,
          name: input.name ?? model.name,
          business_key: input.businessKey ?? null,
          started_by: input.startedBy,
          started_at: now,
          ended_at: null,
          variables: JSON.stringify(variables),
        })
        .execute();
      // 3. Run the token to its first wait states.
      const runner = this.runner(trx, model, instance, now);
      await runner.history(null, 'processStarted', input.startedBy, {
        definitionId: definition.id,
        variables: Object.keys(variables),
      });
      await runner.start();
      // 4. Store what the run changed, and end the instance if nothing waits.
      const row = await this.saveInstance(trx, runner, instance, now, input.startedBy);
      return this.endIfDone(trx, row, definition);
    });
  }

  /** One instance with its definition facts and variables. */
  async getInstance(tenant: string, instanceId: string): Promise<ProcessInstance> {
    const row = await this.db
      .selectFrom('process_instances')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No process instance ${instanceId}`);
    return toProcessInstance(row, await this.definitionRow(this.db, tenant, row.definition_id));
  }

  /** The process variables of an instance. */
  async getVariables(tenant: string, instanceId: string): Promise<Variables> {
    const row = await this.db
      .selectFrom('process_instances')
      .select('variables')
      .where('tenant', '=', tenant)
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No process instance ${instanceId}`);
    return row.variables;
  }

  /**
   * The tasks of an instance in creation order: open ones (`completed: false`), completed
   * ones (`completed: true`), or all.
   */
  async listInstanceTasks(
    tenant: string,
    instanceId: string,
    filter: { readonly completed?: boolean } = {},
  ): Promise<Task[]> {
    let query = this.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('instance_id', '=', instanceId);
    if (filter.completed !== undefined) {
      query = query.where('state', '=', filter.completed ? 'completed' : 'open');
    }
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    return rows.map(toTask);
  }

  // ---------------------------------------------------------------- tasks

  /** One task by id. */
  async getTask(tenant: string, taskId: string): Promise<Task> {
    const row = await this.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No task ${taskId}`);
    return toTask(row);
  }

  /** The candidate users and groups of an open task (completed tasks keep none). */
  async getTaskCandidates(tenant: string, taskId: string): Promise<TaskCandidates> {
    const rows = await this.db
      .selectFrom('task_candidates')
      .select(['kind', 'principal'])
      .where('tenant', '=', tenant)
      .where('task_id', '=', taskId)
      .orderBy('principal')
      .execute();
    return {
      users: rows.filter((row) => row.kind === 'user').map((row) => row.principal),
      groups: rows.filter((row) => row.kind === 'group').map((row) => row.principal),
    };
  }

  /**
   * Whether the user may claim the task as it stands: unassigned and open, and the user is
   * a candidate user, in a candidate group, or started the instance of a task whose
   * initiator may complete it.
   */
  async canClaim(tenant: string, taskId: string, userId: string): Promise<boolean> {
    const task = await this.db
      .selectFrom('tasks')
      .select(['assignee', 'state'])
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (task === undefined || task.state !== 'open' || task.assignee !== null) return false;
    return this.isCandidate(this.db, tenant, taskId, userId);
  }

  /**
   * Claims an unassigned task for a candidate. Of many concurrent claims exactly one wins;
   * the others get a {@link ConflictError}. Claiming one's own task again is a no-op.
   */
  async claimTask(tenant: string, taskId: string, userId: string): Promise<Task> {
    return this.inTransaction(async (trx) => {
      // 1. The task must exist, be open and be free.
      const task = await this.taskRow(trx, tenant, taskId);
      if (task.state !== 'open') throw new ConflictError(`Task ${taskId} is already completed`);
      if (task.assignee === userId) return toTask(task);
      if (task.assignee !== null) throw new ConflictError(`Task ${taskId} is already claimed`);
      // 2. Only a candidate may claim.
      if (!(await this.isCandidate(trx, tenant, taskId, userId))) {
        throw new ForbiddenError(`User ${userId} is not a candidate for task ${taskId}`);
      }
      // 3. Take it only if it is still free: the row lock of this update makes concurrent
      //    claims queue, and each later one finds the assignee set and updates nothing.
      const claimed = await trx
        .updateTable('tasks')
        .set({ assignee: userId, seen_by_assignee: false })
        .where('tenant', '=', tenant)
        .where('id', '=', taskId)
        .where('state', '=', 'open')
        .where('assignee', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (claimed === undefined)
        throw new ConflictError(`Task ${taskId} was claimed by someone else`);
      await this.history(trx, tenant, claimed.instance_id, taskId, 'taskClaimed', userId, {});
      const result = toTask(claimed);
      await this.taskAssigned.emit({
        tenant,
        db: trx,
        at: this.clock(),
        task: result,
        previousAssignee: null,
        actor: userId,
        reason: 'claim',
      });
      return result;
    });
  }

  /**
   * Sets or clears the assignee of an open task. Who may do this is the caller's rule
   * (reassign rights); the engine checks the task is open, the user exists in the tenant
   * and, with `expectedAssignee`, that nobody changed the assignee in between.
   */
  async assignTask(tenant: string, taskId: string, input: AssignTaskInput): Promise<Task> {
    return this.inTransaction(async (trx) => {
      const task = await this.taskRow(trx, tenant, taskId);
      if (task.state !== 'open') throw new ConflictError(`Task ${taskId} is already completed`);
      if (input.assignee !== null) {
        const user = await trx
          .selectFrom('users')
          .select('id')
          .where('tenant', '=', tenant)
          .where('id', '=', input.assignee)
          .executeTakeFirst();
        if (user === undefined) throw new NotFoundError(`No user ${input.assignee}`);
      }
      // The expected assignee is part of the update's condition, so a concurrent change
      // between the read above and this write is still caught.
      let update = trx
        .updateTable('tasks')
        .set({ assignee: input.assignee, seen_by_assignee: false })
        .where('tenant', '=', tenant)
        .where('id', '=', taskId)
        .where('state', '=', 'open');
      if (input.expectedAssignee !== undefined) {
        update =
          input.expectedAssignee === null
            ? update.where('assignee', 'is', null)
            : update.where('assignee', '=', input.expectedAssignee);
      }
      const assigned = await update.returningAll().executeTakeFirst();
      if (assigned === undefined)
        throw new ConflictError(`Task ${taskId} changed; reload and retry`);
      await this.history(trx, tenant, assigned.instance_id, taskId, 'taskAssigned', input.actor, {
        from: task.assignee,
        to: input.assignee,
      });
      const result = toTask(assigned);
      await this.taskAssigned.emit({
        tenant,
        db: trx,
        at: this.clock(),
        task: result,
        previousAssignee: task.assignee,
        actor: input.actor,
        reason: 'assign',
        ...(input.comment === undefined ? {} : { comment: input.comment }),
      });
      return result;
    });
  }

  /**
   * Moves the deadline of an open task, as Flowable's `setDueDate` does: a supervisor
   * giving a case more time, or the demo spreading its deadlines over every window.
   */
  async setTaskDueDate(tenant: string, taskId: string, input: SetTaskDueDateInput): Promise<Task> {
    return this.inTransaction(async (trx) => {
      const row = await trx
        .updateTable('tasks')
        .set({ due_date: input.dueDate })
        .where('tenant', '=', tenant)
        .where('id', '=', taskId)
        .where('state', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) {
        await this.taskRow(trx, tenant, taskId);
        throw new ConflictError(`Task ${taskId} is already completed`);
      }
      await this.history(trx, tenant, row.instance_id, taskId, 'taskDueDateChanged', input.actor, {
        dueDate: input.dueDate?.toISOString() ?? null,
      });
      return toTask(row);
    });
  }

  /** Clears the 'new' marker once the assignee has opened the task. */
  async markTaskSeen(tenant: string, taskId: string, userId: string): Promise<void> {
    await this.db
      .updateTable('tasks')
      .set({ seen_by_assignee: true })
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .where('assignee', '=', userId)
      .where('seen_by_assignee', '=', false)
      .execute();
  }

  /** Saves the assignee's draft form values on the open task, replacing the previous draft. */
  async saveTaskDraft(
    tenant: string,
    taskId: string,
    input: { readonly userId: string; readonly variables: Variables },
  ): Promise<Task> {
    const row = await this.db
      .updateTable('tasks')
      .set({ variables: JSON.stringify(input.variables) })
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .where('state', '=', 'open')
      .where('assignee', '=', input.userId)
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) {
      await this.taskRow(this.db, tenant, taskId);
      throw new ForbiddenError(`Only the assignee may save a draft of open task ${taskId}`);
    }
    return toTask(row);
  }

  /**
   * Completes a task as its assignee: merges the submitted variables (and the outcome, as
   * `<elementId>Outcome`) into the process, then moves the token on through gateways and
   * service tasks to the next wait states. Ends the instance when no token is left.
   */
  async completeTask(
    tenant: string,
    taskId: string,
    input: CompleteTaskInput,
  ): Promise<{ task: Task; instance: ProcessInstance }> {
    return this.inTransaction(async (trx) => {
      // 1. Lock the instance first, then read the task under that lock, so a concurrent
      //    completion either finished before (and we see it) or waits for us.
      const found = await this.taskRow(trx, tenant, taskId);
      const locked = await trx
        .selectFrom('process_instances')
        .selectAll()
        .where('tenant', '=', tenant)
        .where('id', '=', found.instance_id)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      // The task row is locked too, so a reassignment cannot slip in between this check
      // and the update below.
      const task = await trx
        .selectFrom('tasks')
        .selectAll()
        .where('tenant', '=', tenant)
        .where('id', '=', taskId)
        .forNoKeyUpdate()
        .executeTakeFirstOrThrow();
      if (task.state !== 'open') throw new ConflictError(`Task ${taskId} is already completed`);
      if (task.assignee !== input.userId) {
        throw new ForbiddenError(`Only the assignee may complete task ${taskId}`);
      }
      const definition = await this.definitionRow(trx, tenant, locked.definition_id);
      const now = this.clock();
      // 2. Close the task; its candidates are no longer needed at run time.
      const submitted = input.variables ?? {};
      const completed = await trx
        .updateTable('tasks')
        .set({
          state: 'completed',
          completed_at: now,
          completed_by: input.userId,
          outcome: input.outcome ?? null,
          variables: JSON.stringify(submitted),
        })
        .where('tenant', '=', tenant)
        .where('id', '=', taskId)
        .where('state', '=', 'open')
        .where('assignee', '=', input.userId)
        .returningAll()
        .executeTakeFirst();
      if (completed === undefined)
        throw new ConflictError(`Task ${taskId} changed; reload and retry`);
      await trx
        .deleteFrom('task_candidates')
        .where('tenant', '=', tenant)
        .where('task_id', '=', taskId)
        .execute();
      // 3. Merge the variables and move the token on.
      const variables: Variables = { ...locked.variables, ...submitted };
      if (input.outcome !== undefined) variables[`${task.element_id}Outcome`] = input.outcome;
      const instance: RunningInstance = {
        id: locked.id,
        tenant,
        definitionId: definition.id,
        definitionKey: definition.key,
        startedBy: locked.started_by,
        startedAt: locked.started_at,
        variables,
      };
      const runner = this.runner(trx, definition.model, instance, now);
      await runner.history(taskId, 'taskCompleted', input.userId, {
        outcome: input.outcome ?? null,
        variables: Object.keys(submitted),
      });
      await this.taskCompleted.emit({
        tenant,
        db: trx,
        at: now,
        task: toTask(completed),
        actor: input.userId,
      });
      if (task.execution_id !== null) await runner.leave(task.execution_id, task.element_id);
      // 4. Store the new state and end the instance if nothing waits.
      const row = await this.saveInstance(trx, runner, instance, now, input.userId, locked.version);
      return { task: toTask(completed), instance: await this.endIfDone(trx, row, definition) };
    });
  }

  // ---------------------------------------------------------------- internals

  /**
   * Runs one command in its own transaction; an engine built over an open transaction runs
   * every command inside that one instead, so its owner can make many steps one atomic
   * change (the demo seed does). A command that throws there leaves the rollback to the
   * owner.
   */
  private inTransaction<T>(work: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
    if (this.db instanceof Transaction) return work(this.db);
    return this.db.transaction().execute(work);
  }

  private runner(
    trx: Transaction<DatabaseSchema>,
    model: ProcessModel,
    instance: RunningInstance,
    now: Date,
  ): TokenRunner {
    return new TokenRunner(trx, model, instance, {
      handlers: this.handlers,
      now,
      onTaskCreated: (task, candidates) =>
        this.taskCreated.emit({
          tenant: instance.tenant,
          db: trx,
          at: now,
          task,
          candidates,
          instance: { id: instance.id, startedBy: instance.startedBy },
        }),
    });
  }

  private async saveInstance(
    trx: Transaction<DatabaseSchema>,
    runner: TokenRunner,
    instance: RunningInstance,
    now: Date,
    actor: string,
    expectedVersion?: number,
  ): Promise<InstanceRow> {
    const ended = !(await runner.hasTokens());
    let update = trx
      .updateTable('process_instances')
      .set((eb) => ({
        variables: JSON.stringify(instance.variables),
        version: eb('version', '+', 1),
        ended_at: ended ? now : null,
      }))
      .where('tenant', '=', instance.tenant)
      .where('id', '=', instance.id);
    // The row lock already serialises writers; the version check guards any path that
    // might one day skip the lock.
    if (expectedVersion !== undefined) update = update.where('version', '=', expectedVersion);
    const row = await update.returningAll().executeTakeFirst();
    if (row === undefined)
      throw new ConflictError(`Process instance ${instance.id} changed meanwhile`);
    if (ended) await runner.history(null, 'processCompleted', actor, {});
    return row;
  }

  private async endIfDone(
    trx: Transaction<DatabaseSchema>,
    row: InstanceRow,
    definition: DefinitionRow,
  ): Promise<ProcessInstance> {
    const instance = toProcessInstance(row, definition);
    if (row.ended_at !== null)
      await this.processEnded.emit({ tenant: row.tenant, db: trx, at: row.ended_at, instance });
    return instance;
  }

  /** Whether one of the claim rule's grounds lets the user claim the task (assignee aside). */
  private async isCandidate(
    db: Kysely<DatabaseSchema>,
    tenant: string,
    taskId: string,
    userId: string,
  ): Promise<boolean> {
    const row = await db
      .selectFrom(claimTaskIds({ tenant, user: userId, task: taskId }).as('g'))
      .select('g.task_id')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async definitionRow(
    db: Kysely<DatabaseSchema>,
    tenant: string,
    definitionId: string,
  ): Promise<DefinitionRow> {
    const row = await db
      .selectFrom('process_definitions')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', definitionId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No process definition ${definitionId}`);
    return row;
  }

  private async taskRow(db: Kysely<DatabaseSchema>, tenant: string, taskId: string) {
    const row = await db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No task ${taskId}`);
    return row;
  }

  private async history(
    db: Kysely<DatabaseSchema>,
    tenant: string,
    instanceId: string,
    taskId: string | null,
    event: string,
    actor: string | null,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await db
      .insertInto('process_history')
      .values({
        tenant,
        instance_id: instanceId,
        task_id: taskId,
        event,
        actor,
        at: this.clock(),
        payload: JSON.stringify(payload),
      })
      .execute();
  }
}
