import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { ConflictError, ForbiddenError, NotFoundError } from './engineErrors';
import { toProcessInstance, toTask, type DefinitionRow, type InstanceRow } from './engineRows';
import type { DatabaseSchema } from '../db/schema';
import type { Variables } from './expressionAst';
import type { ProcessModel } from './processModel';
import { TokenRunner, type RunningInstance } from './TokenRunner';
import type {
  ProcessInstance,
  Task,
  AssignTaskInput,
  CompleteTaskInput,
  SetTaskDueDateInput,
  StartProcessInput,
} from './processEngineTypes';
import type { EngineContext } from './EngineContext';

/**
 * Changes instances and tasks, each command one transaction (see `EngineContext`): start,
 * claim, assign, move a deadline, mark seen, save a draft, complete. Instance changes lock the
 * instance row; claims are a conditional update.
 */
export class EngineCommands {
  constructor(private readonly context: EngineContext) {}

  /**
   * Starts an instance: stores the variables (and the starter under `camunda:initiator`'s
   * name), then moves the token to its first wait states, creating their user tasks.
   */
  async startProcess(tenant: string, input: StartProcessInput): Promise<ProcessInstance> {
    return this.context.inTransaction(async (trx) => {
      // 1. Find the definition: by id, or the latest version of a key.
      let definition: DefinitionRow | undefined;
      if (input.definitionId !== undefined) {
        definition = await this.context.definitionRow(trx, tenant, input.definitionId);
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
      const now = this.context.clock();
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

  /**
   * Claims an unassigned task for a candidate. Of many concurrent claims exactly one wins;
   * the others get a {@link ConflictError}. Claiming one's own task again is a no-op.
   */
  async claimTask(tenant: string, taskId: string, userId: string): Promise<Task> {
    return this.context.inTransaction(async (trx) => {
      // 1. The task must exist, be open and be free.
      const task = await this.context.taskRow(trx, tenant, taskId);
      if (task.state !== 'open') throw new ConflictError(`Task ${taskId} is already completed`);
      if (task.assignee === userId) return toTask(task);
      if (task.assignee !== null) throw new ConflictError(`Task ${taskId} is already claimed`);
      // 2. Only a candidate may claim.
      if (!(await this.context.isCandidate(trx, tenant, taskId, userId))) {
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
      await this.context.history(
        trx,
        tenant,
        claimed.instance_id,
        taskId,
        'taskClaimed',
        userId,
        {},
      );
      const result = toTask(claimed);
      await this.context.taskAssigned.emit({
        tenant,
        db: trx,
        at: this.context.clock(),
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
    return this.context.inTransaction(async (trx) => {
      const task = await this.context.taskRow(trx, tenant, taskId);
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
      await this.context.history(
        trx,
        tenant,
        assigned.instance_id,
        taskId,
        'taskAssigned',
        input.actor,
        {
          from: task.assignee,
          to: input.assignee,
        },
      );
      const result = toTask(assigned);
      await this.context.taskAssigned.emit({
        tenant,
        db: trx,
        at: this.context.clock(),
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
    return this.context.inTransaction(async (trx) => {
      const row = await trx
        .updateTable('tasks')
        .set({ due_date: input.dueDate })
        .where('tenant', '=', tenant)
        .where('id', '=', taskId)
        .where('state', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (row === undefined) {
        await this.context.taskRow(trx, tenant, taskId);
        throw new ConflictError(`Task ${taskId} is already completed`);
      }
      await this.context.history(
        trx,
        tenant,
        row.instance_id,
        taskId,
        'taskDueDateChanged',
        input.actor,
        {
          dueDate: input.dueDate?.toISOString() ?? null,
        },
      );
      return toTask(row);
    });
  }

  /** Clears the 'new' marker once the assignee has opened the task. */
  async markTaskSeen(tenant: string, taskId: string, userId: string): Promise<void> {
    await this.context.db
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
    const row = await this.context.db
      .updateTable('tasks')
      .set({ variables: JSON.stringify(input.variables) })
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .where('state', '=', 'open')
      .where('assignee', '=', input.userId)
      .returningAll()
      .executeTakeFirst();
    if (row === undefined) {
      await this.context.taskRow(this.context.db, tenant, taskId);
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
    return this.context.inTransaction(async (trx) => {
      // 1. Lock the instance first, then read the task under that lock, so a concurrent
      //    completion either finished before (and we see it) or waits for us.
      const found = await this.context.taskRow(trx, tenant, taskId);
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
      const definition = await this.context.definitionRow(trx, tenant, locked.definition_id);
      const now = this.context.clock();
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
      await this.context.taskCompleted.emit({
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

  private runner(
    trx: Transaction<DatabaseSchema>,
    model: ProcessModel,
    instance: RunningInstance,
    now: Date,
  ): TokenRunner {
    return new TokenRunner(trx, model, instance, {
      handlers: this.context.handlers,
      now,
      onTaskCreated: (task, candidates) =>
        this.context.taskCreated.emit({
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
      await this.context.processEnded.emit({
        tenant: row.tenant,
        db: trx,
        at: row.ended_at,
        instance,
      });
    return instance;
  }
}
