import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  ConflictError,
  ForbiddenError,
  InvalidInputError,
  NotFoundError,
  ProcessExecutionError,
  RetiredDefinitionError,
} from '../engineErrors';
import {
  toProcessInstance,
  toRunningInstance,
  toTask,
  type DefinitionRow,
  type InstanceRow,
} from './engineRows';
import type { DatabaseSchema } from '../../db/schema';
import type { Variables } from '../expressions/expressionAst';
import type { CallActivityNode, ProcessModel } from '../processModel';
import { TokenRunner, type CallOutcome, type RunningInstance } from '../runner/TokenRunner';
import { loadValueDisplay } from '../valueDisplay';
import { nextBusinessKey } from './nextBusinessKey';
import { nextDue } from '../runner/timerSchedule';
import type {
  CorrelateMessageInput,
  JobFiring,
  ProcessInstance,
  SendSignalInput,
  SignalSent,
  Task,
  AssignTaskInput,
  CompleteTaskInput,
  SetTaskDueDateInput,
  StartProcessInput,
} from '../processEngineTypes';
import type { EngineContext } from './EngineContext';

/**
 * How deep signals may be thrown by the receivers of signals in one command: the bound on
 * processes that start or wake each other by signal without end. A signal reaching any
 * number of cases is one level.
 */
const maxSignalDepth = 25;

/** A global signal thrown in an instance, waiting to reach the tenant's others. */
interface ThrownSignal {
  readonly tenant: string;
  readonly signalName: string;
  /** The instance that threw it: its own waits were reached in its run. */
  readonly instanceId: string;
  /** Its starter, who starts the processes the signal starts, as a called process's is. */
  readonly startedBy: string;
  /** 1 when the command's own run threw it, one more for each signal delivery that led to it. */
  readonly depth: number;
}

/** The global signals of one transaction still to deliver, and the depth being delivered. */
interface SignalQueue {
  readonly thrown: ThrownSignal[];
  depth: number;
}

/** The history event of a withdrawal: its actor withdrew the instance, `payload.reason` says why. */
export const WITHDRAWN_EVENT = 'processWithdrawn';

/**
 * Changes instances and tasks, each command one transaction (see `EngineContext`): start,
 * claim, assign, move a deadline, mark seen, save a draft, complete. Instance changes lock the
 * instance row; claims are a conditional update.
 */
export class EngineCommands {
  /** The global signals thrown in each open transaction, not yet delivered beyond their instance. */
  private readonly thrownSignals = new WeakMap<Transaction<DatabaseSchema>, SignalQueue>();

  constructor(private readonly context: EngineContext) {}

  /**
   * Runs a command that may move tokens in one transaction. The global signals its runs
   * throw reach the tenant's other instances and signal start events before it commits,
   * each once the instance that threw it is saved (those runs may throw further signals).
   */
  inTransaction<T>(work: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
    return this.context.inTransaction(async (trx) => {
      const result = await work(trx);
      await this.deliverThrownSignals(trx);
      return result;
    });
  }

  /**
   * Sends a signal to the tenant: every wait for it in a running instance is reached (its
   * variables merged into each such instance first), and the latest live version of every
   * process with a signal start event for it starts, with the variables, as `actor`. A
   * signal nobody waits for is lost, as BPMN says; the answer counts what it reached.
   */
  async sendSignal(tenant: string, input: SendSignalInput): Promise<SignalSent> {
    const signalName = input.signalName.trim();
    if (signalName === '') throw new InvalidInputError('A signal needs a name');
    return this.inTransaction((trx) =>
      this.broadcastSignal(trx, tenant, {
        signalName,
        variables: input.variables ?? {},
        actor: input.actor,
        startedBy: input.actor,
        thrownIn: null,
      }),
    );
  }

  /** Delivers the global signals thrown in this transaction, and those their deliveries throw. */
  private async deliverThrownSignals(trx: Transaction<DatabaseSchema>): Promise<void> {
    const queue = this.thrownSignals.get(trx);
    if (queue === undefined) return;
    for (let signal = queue.thrown.shift(); signal !== undefined; signal = queue.thrown.shift()) {
      // Processes that start or wake each other by signal would otherwise never stop.
      if (signal.depth > maxSignalDepth) {
        throw new ProcessExecutionError(
          `signal '${signal.signalName}' was thrown by the receiver of a signal ${maxSignalDepth} times over; do processes start or wake each other by signal without end?`,
        );
      }
      queue.depth = signal.depth;
      await this.broadcastSignal(trx, signal.tenant, {
        signalName: signal.signalName,
        variables: {},
        actor: null,
        startedBy: signal.startedBy,
        thrownIn: signal.instanceId,
      });
    }
    this.thrownSignals.delete(trx);
  }

  /**
   * A signal reaches the tenant's running instances that wait for it (but the one that threw
   * it, whose waits its own run reached), locked in id order, and starts the processes whose
   * signal start events wait for it.
   */
  private async broadcastSignal(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    signal: {
      readonly signalName: string;
      readonly variables: Variables;
      readonly actor: string | null;
      readonly startedBy: string;
      readonly thrownIn: string | null;
    },
  ): Promise<SignalSent> {
    let query = trx
      .selectFrom('process_event_subscriptions as s')
      .innerJoin('process_instances as i', (join) =>
        join.onRef('i.tenant', '=', 's.tenant').onRef('i.id', '=', 's.instance_id'),
      )
      .select('s.instance_id')
      .distinct()
      .where('s.tenant', '=', tenant)
      .where('s.event_type', '=', 'signal')
      .where('s.event_name', '=', signal.signalName)
      .where('i.ended_at', 'is', null)
      .orderBy('s.instance_id');
    if (signal.thrownIn !== null) query = query.where('s.instance_id', '!=', signal.thrownIn);
    const waiting = await query.execute();
    let waitsReached = 0;
    for (const { instance_id: instanceId } of waiting) {
      await this.withInstance(
        trx,
        tenant,
        instanceId,
        async (runner) => {
          waitsReached += await runner.receiveSignal(signal.signalName, {
            variables: signal.variables,
            actor: signal.actor,
          });
        },
        { actor: signal.actor ?? 'system' },
      );
    }
    const startedInstanceIds: string[] = [];
    for (const definition of await this.latestLiveDefinitions(trx, tenant)) {
      const startEventId = definition.model.signalStarts?.[signal.signalName];
      if (startEventId === undefined) continue;
      const started = await this.createInstance(
        trx,
        tenant,
        definition,
        {
          definitionId: definition.id,
          startedBy: signal.startedBy,
          variables: signal.variables,
        },
        { startEventId },
      );
      startedInstanceIds.push(started.id);
    }
    return {
      signalName: signal.signalName,
      waitsReached,
      instancesStarted: startedInstanceIds.length,
      startedInstanceIds,
    };
  }

  /**
   * Starts an instance: stores the variables (and the starter under `camunda:initiator`'s
   * name), then moves the token to its first wait states, creating their user tasks.
   */
  async startProcess(tenant: string, input: StartProcessInput): Promise<ProcessInstance> {
    return this.inTransaction(async (trx) => {
      // 1. Find the definition: by id, or the latest version of a key.
      //    A retired version is never started: by key the latest live one is taken.
      let definition: DefinitionRow | undefined;
      if (input.definitionId !== undefined) {
        definition = await this.context.definitionRow(trx, tenant, input.definitionId);
        if (definition.retired_at !== null) throw new RetiredDefinitionError(definition.name);
      } else if (input.key !== undefined) {
        definition = await this.context.latestLiveDefinition(trx, tenant, input.key);
      }
      if (definition === undefined) {
        throw new NotFoundError(`No process definition ${input.definitionId ?? input.key ?? ''}`);
      }
      return this.createInstance(trx, tenant, definition, input, {});
    });
  }

  /**
   * Creates an instance of a definition and runs it to its first wait states: from the
   * none start event, a message start event, or for a call activity of another instance.
   */
  private async createInstance(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    definition: DefinitionRow,
    input: StartProcessInput,
    options: {
      readonly startEventId?: string;
      readonly parent?: { readonly instanceId: string; readonly executionId: string };
      readonly onRun?: (runner: TokenRunner, instance: RunningInstance) => void;
    },
  ): Promise<ProcessInstance> {
    {
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
          business_key:
            input.businessKey ??
            (model.businessKeyPrefix
              ? await nextBusinessKey(trx, tenant, model.businessKeyPrefix, now)
              : null),
          started_by: input.startedBy,
          started_at: now,
          ended_at: null,
          variables: JSON.stringify(variables),
          parent_instance_id: options.parent?.instanceId ?? null,
          parent_execution_id: options.parent?.executionId ?? null,
        })
        .execute();
      // 3. Run the token to its first wait states.
      const runner = this.runner(trx, model, instance, now);
      await runner.history(null, 'processStarted', input.startedBy, {
        definitionId: definition.id,
        variables: Object.keys(variables),
        ...(options.startEventId === undefined ? {} : { startEventId: options.startEventId }),
        ...(options.parent === undefined ? {} : { calledBy: options.parent.instanceId }),
      });
      await runner.start(options.startEventId);
      options.onRun?.(runner, instance);
      // 4. Store what the run changed, and end the instance if nothing waits.
      const row = await this.saveInstance(trx, runner, instance, now, input.startedBy);
      return this.endIfDone(trx, row, definition);
    }
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
      const task = toTask(row);
      await this.context.taskDueDateChanged.emit({
        tenant,
        db: trx,
        at: this.context.clock(),
        task,
        actor: input.actor,
      });
      return task;
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
   * Sets variables of a running instance from outside its tasks (what a webhook target
   * answered a form's button), merged over the ones it holds, under the instance lock so a
   * concurrent completion neither loses them nor is lost; nothing moves on. A history row
   * names who set which variables, from which task if any. An ended instance is a conflict.
   */
  async setVariables(
    tenant: string,
    instanceId: string,
    input: { readonly userId: string; readonly variables: Variables; readonly taskId?: string },
  ): Promise<ProcessInstance> {
    return this.inTransaction(async (trx) => {
      const instance = await this.withInstance(
        trx,
        tenant,
        instanceId,
        async (runner, running) => {
          // Defined, not assigned: a variable named `__proto__` stays a variable.
          for (const [name, value] of Object.entries(input.variables)) {
            Object.defineProperty(running.variables, name, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
          await runner.history(input.taskId ?? null, 'variablesSet', input.userId, {
            variables: Object.keys(input.variables),
          });
        },
        { actor: input.userId },
      );
      return instance ?? (await refuseEndedInstance(trx, tenant, instanceId));
    });
  }

  /**
   * Withdraws a running instance: a person ends the case before its end. Under the instance
   * lock, `check` rules on the state the change will act on (the caller's policy; it throws
   * to refuse), a history row names who withdrew it and why, and every path ends the way a
   * terminate end event ends them (open tasks cancelled with their candidates, timers and
   * message waits removed, called instances cancelled); the instance has ended. 404 for an
   * unknown instance, 409 for one that has already ended.
   */
  async cancelInstance(
    tenant: string,
    instanceId: string,
    input: {
      readonly userId: string;
      readonly reason: string;
      readonly check?: (trx: Transaction<DatabaseSchema>) => Promise<void>;
    },
  ): Promise<ProcessInstance> {
    return this.inTransaction(async (trx) => {
      const instance = await this.withInstance(
        trx,
        tenant,
        instanceId,
        async (runner) => {
          await input.check?.(trx);
          await runner.history(null, WITHDRAWN_EVENT, input.userId, { reason: input.reason });
          await runner.terminate('withdrawn');
        },
        { actor: input.userId },
      );
      return instance ?? (await refuseEndedInstance(trx, tenant, instanceId));
    });
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
      const candidates = await trx
        .deleteFrom('task_candidates')
        .where('tenant', '=', tenant)
        .where('task_id', '=', taskId)
        .returning(['kind', 'principal'])
        .execute();
      // 3. Merge the variables and move the token on.
      const variables: Variables = { ...locked.variables, ...submitted };
      if (input.outcome !== undefined) variables[`${task.element_id}Outcome`] = input.outcome;
      const instance = toRunningInstance(locked, definition, variables);
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
        candidates: {
          users: candidates.filter((row) => row.kind === 'user').map((row) => row.principal),
          groups: candidates.filter((row) => row.kind === 'group').map((row) => row.principal),
        },
      });
      if (task.execution_id !== null) await runner.leave(task.execution_id, task.element_id);
      // 4. Store the new state and end the instance if nothing waits.
      const result = await this.settle(
        trx,
        runner,
        instance,
        definition,
        input.userId,
        locked.version,
      );
      return { task: toTask(completed), instance: result };
    });
  }

  /**
   * Fires the oldest due timer no other server process is firing, in its own transaction:
   * the job row is taken with `FOR UPDATE SKIP LOCKED` and deleted (or moved to the next
   * time of its cycle) in the same transaction as the step it triggers, so each firing
   * happens exactly once however many schedulers share the database. A job whose instance
   * is busy (a user completing a task) is left for the next round.
   */
  async fireNextDueJob(skip: readonly string[]): Promise<JobFiring> {
    let picked: string | undefined;
    try {
      return await this.fireDueJob(skip, (jobId) => {
        picked = jobId;
      });
    } catch (error) {
      if (picked === undefined) throw error;
      await this.recordJobFailure(picked, error);
      return { state: 'failed', jobId: picked };
    }
  }

  /**
   * A firing failed and was rolled back: the job is tried again later (5, then 10 minutes),
   * and after its last try it is kept with the error instead of being picked again.
   */
  private async recordJobFailure(jobId: string, error: unknown): Promise<void> {
    const message = error instanceof Error ? error.message : String(error);
    await this.context.inTransaction(async (trx) => {
      const job = await trx
        .selectFrom('process_jobs')
        .select(['retries_left'])
        .where('id', '=', jobId)
        .forUpdate()
        .executeTakeFirst();
      if (job === undefined) return;
      const retriesLeft = Math.max(0, job.retries_left - 1);
      const delayMinutes = 5 * 2 ** Math.max(0, 2 - retriesLeft);
      await trx
        .updateTable('process_jobs')
        .set({
          retries_left: retriesLeft,
          last_error: message.slice(0, 2000),
          due_at: new Date(this.context.clock().getTime() + delayMinutes * 60_000),
        })
        .where('id', '=', jobId)
        .execute();
    });
  }

  private async fireDueJob(
    skip: readonly string[],
    onPicked: (jobId: string) => void,
  ): Promise<JobFiring> {
    return this.inTransaction(async (trx) => {
      const now = this.context.clock();
      let query = trx
        .selectFrom('process_jobs')
        .selectAll()
        .where('due_at', '<=', now)
        .where('retries_left', '>', 0)
        .orderBy('due_at')
        .orderBy('id')
        .limit(1)
        .forUpdate()
        .skipLocked();
      if (skip.length > 0) query = query.where('id', 'not in', skip);
      const job = await query.executeTakeFirst();
      if (job === undefined) return { state: 'none' };
      onPicked(job.id);
      let fired = false;
      const result = await this.withInstance(
        trx,
        job.tenant,
        job.instance_id,
        async (runner) => {
          // A cycle stays scheduled for its next time; any other timer is used up.
          const next =
            job.repeat_remaining !== null && job.repeat_remaining !== 0 && job.repeat_every
              ? nextDue(job.due_at, job.repeat_every)
              : undefined;
          if (next !== undefined) {
            await trx
              .updateTable('process_jobs')
              .set({
                due_at: next,
                repeat_remaining:
                  job.repeat_remaining === -1 ? -1 : (job.repeat_remaining ?? 1) - 1,
              })
              .where('id', '=', job.id)
              .execute();
          } else {
            await trx.deleteFrom('process_jobs').where('id', '=', job.id).execute();
          }
          await runner.history(null, 'timerFired', null, {
            jobId: job.id,
            elementId: job.element_id,
            dueAt: job.due_at.toISOString(),
          });
          fired = await runner.fireTimer(job.execution_id, job.element_id);
        },
        { skipLocked: true },
      );
      if (result === undefined) {
        // The instance is busy or already over: a job of an ended instance goes away.
        const over = await trx
          .selectFrom('process_instances')
          .select('ended_at')
          .where('tenant', '=', job.tenant)
          .where('id', '=', job.instance_id)
          .where('ended_at', 'is not', null)
          .executeTakeFirst();
        if (over !== undefined) {
          await trx.deleteFrom('process_jobs').where('id', '=', job.id).execute();
          return { state: 'dropped', jobId: job.id };
        }
        return { state: 'busy', jobId: job.id };
      }
      return { state: fired ? 'fired' : 'dropped', jobId: job.id };
    });
  }

  /**
   * Correlates a message by name: to the oldest waiting catch or boundary event of the
   * instance given (by id or business key) or of any instance, else starts the latest
   * process whose message start event waits for it. The variables are merged first.
   */
  async correlateMessage(tenant: string, input: CorrelateMessageInput): Promise<ProcessInstance> {
    return this.inTransaction(async (trx) => {
      let query = trx
        .selectFrom('process_event_subscriptions as s')
        .innerJoin('process_instances as i', (join) =>
          join.onRef('i.tenant', '=', 's.tenant').onRef('i.id', '=', 's.instance_id'),
        )
        .select(['s.id', 's.instance_id', 's.execution_id', 's.element_id'])
        .where('s.tenant', '=', tenant)
        .where('s.event_type', '=', 'message')
        .where('s.event_name', '=', input.messageName)
        .where('i.ended_at', 'is', null)
        .orderBy('s.created_at')
        .orderBy('s.id')
        .limit(1);
      if (input.processInstanceId !== undefined) {
        query = query.where('s.instance_id', '=', input.processInstanceId);
      }
      if (input.businessKey !== undefined) {
        query = query.where('i.business_key', '=', input.businessKey);
      }
      const subscription = await query.executeTakeFirst();
      if (subscription !== undefined) {
        const result = await this.withInstance(
          trx,
          tenant,
          subscription.instance_id,
          async (runner, instance) => {
            // Another correlation may have taken this wait while we queued for the lock.
            const still = await trx
              .selectFrom('process_event_subscriptions')
              .select('id')
              .where('tenant', '=', tenant)
              .where('id', '=', subscription.id)
              .executeTakeFirst();
            if (still === undefined) {
              throw new ConflictError(
                `The message '${input.messageName}' was just correlated; retry`,
              );
            }
            instance.variables = { ...instance.variables, ...(input.variables ?? {}) };
            await runner.history(null, 'messageCorrelated', input.actor, {
              messageName: input.messageName,
              elementId: subscription.element_id,
              variables: Object.keys(input.variables ?? {}),
            });
            await runner.deliverMessage(subscription.execution_id, subscription.element_id);
          },
          { actor: input.actor },
        );
        if (result !== undefined) return result;
      }
      if (input.processInstanceId === undefined) {
        const started = await this.startByMessage(trx, tenant, input);
        if (started !== undefined) return started;
      }
      throw new NotFoundError(`No process waits for the message '${input.messageName}'`);
    });
  }

  private async startByMessage(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    input: CorrelateMessageInput,
  ): Promise<ProcessInstance | undefined> {
    const definitions = await this.latestLiveDefinitions(trx, tenant);
    const definition = definitions.find(
      (row) => row.model.messageStarts?.[input.messageName] !== undefined,
    );
    const startEventId = definition?.model.messageStarts?.[input.messageName];
    if (definition === undefined || startEventId === undefined) return undefined;
    return this.createInstance(
      trx,
      tenant,
      definition,
      {
        definitionId: definition.id,
        startedBy: input.actor,
        variables: input.variables ?? {},
        ...(input.businessKey === undefined ? {} : { businessKey: input.businessKey }),
      },
      { startEventId },
    );
  }

  /** The newest live version of every process key of the tenant, by key. */
  private latestLiveDefinitions(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
  ): Promise<DefinitionRow[]> {
    return trx
      .selectFrom('process_definitions as d')
      .selectAll('d')
      .where('d.tenant', '=', tenant)
      .where('d.retired_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('process_definitions as newer')
              .select('newer.id')
              .whereRef('newer.tenant', '=', 'd.tenant')
              .whereRef('newer.key', '=', 'd.key')
              .where('newer.retired_at', 'is', null)
              .whereRef('newer.version', '>', 'd.version'),
          ),
        ),
      )
      .orderBy('d.key')
      .execute();
  }

  /**
   * Stores what a run changed; when the instance ended and a call activity waits for it,
   * the calling instance moves on (or catches the error it threw) in the same transaction.
   */
  async settle(
    trx: Transaction<DatabaseSchema>,
    runner: TokenRunner,
    instance: RunningInstance,
    definition: DefinitionRow,
    actor: string,
    expectedVersion?: number,
  ): Promise<ProcessInstance> {
    const now = this.context.clock();
    const row = await this.saveInstance(trx, runner, instance, now, actor, expectedVersion);
    const result = await this.endIfDone(trx, row, definition);
    if (row.parent_instance_id === null || row.parent_execution_id === null) return result;
    const parentId = row.parent_instance_id;
    const parentExecution = row.parent_execution_id;
    // Escalations nothing in this instance caught go on to the call activity that waits.
    if (runner.escalationsForCaller.length > 0) {
      await this.withInstance(trx, instance.tenant, parentId, async (parentRunner) => {
        for (const escalation of runner.escalationsForCaller) {
          await parentRunner.escalationFromCall(parentExecution, escalation);
        }
      });
    }
    if (row.ended_at === null) return result;
    await this.withInstance(trx, instance.tenant, parentId, async (parentRunner) => {
      if (runner.terminatedAll) {
        await parentRunner.terminateAllFromCall();
      } else if (runner.uncaughtError !== null) {
        await parentRunner.errorFromCall(parentExecution, runner.uncaughtError);
      } else {
        await parentRunner.resumeAfterCall(parentExecution, instance.variables);
      }
    });
    return result;
  }

  /**
   * Locks an instance, runs `work` with a runner over it and settles the result; the
   * instance must still be running. Used by timers, messages and called instances.
   */
  async withInstance(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    instanceId: string,
    work: (runner: TokenRunner, instance: RunningInstance) => Promise<unknown>,
    options: { readonly skipLocked?: boolean; readonly actor?: string } = {},
  ): Promise<ProcessInstance | undefined> {
    let query = trx
      .selectFrom('process_instances')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', instanceId)
      .forNoKeyUpdate();
    if (options.skipLocked) query = query.skipLocked();
    const locked = await query.executeTakeFirst();
    if (locked === undefined || locked.ended_at !== null) return undefined;
    const definition = await this.context.definitionRow(trx, tenant, locked.definition_id);
    const instance = toRunningInstance(locked, definition, { ...locked.variables });
    const runner = this.runner(trx, definition.model, instance, this.context.clock());
    await work(runner, instance);
    return this.settle(
      trx,
      runner,
      instance,
      definition,
      options.actor ?? 'system',
      locked.version,
    );
  }

  /** Cancels the running instances that these call activity tokens of `parentId` wait for. */
  private async cancelCalled(
    trx: Transaction<DatabaseSchema>,
    tenant: string,
    parentId: string,
    executionIds: readonly string[],
  ): Promise<void> {
    if (executionIds.length === 0) return;
    const called = await trx
      .selectFrom('process_instances')
      .select('id')
      .where('tenant', '=', tenant)
      .where('parent_instance_id', '=', parentId)
      .where('parent_execution_id', 'in', executionIds)
      .where('ended_at', 'is', null)
      .execute();
    for (const child of called) {
      // Detached first, so the child's end does not resume the caller that cancels it.
      await trx
        .updateTable('process_instances')
        .set({ parent_execution_id: null })
        .where('tenant', '=', tenant)
        .where('id', '=', child.id)
        .execute();
      await this.withInstance(trx, tenant, child.id, async (runner) => {
        await runner.history(null, 'processCancelled', null, { calledBy: parentId });
        await runner.terminate('callerCancelled');
      });
    }
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
      display: () => loadValueDisplay(trx, instance.tenant, model),
      broadcast: (signalName) => {
        const queue = this.thrownSignals.get(trx) ?? { thrown: [], depth: 0 };
        queue.thrown.push({
          tenant: instance.tenant,
          signalName,
          instanceId: instance.id,
          startedBy: instance.startedBy,
          depth: queue.depth + 1,
        });
        this.thrownSignals.set(trx, queue);
      },
      calls: {
        start: (node, executionId, variables) =>
          this.startCalled(trx, instance, node, executionId, variables),
        cancel: (executionIds) =>
          this.cancelCalled(trx, instance.tenant, instance.id, executionIds),
      },
      onTaskCreated: (task, candidates) =>
        this.context.taskCreated.emit({
          tenant: instance.tenant,
          db: trx,
          at: now,
          task,
          candidates,
          instance: { id: instance.id, startedBy: instance.startedBy },
        }),
      onTaskCancelled: (task, candidates, reason) =>
        this.context.taskCancelled.emit({
          tenant: instance.tenant,
          db: trx,
          at: now,
          task,
          candidates,
          reason,
        }),
    });
  }

  /** Starts the process a call activity names, as a child of the calling instance. */
  private async startCalled(
    trx: Transaction<DatabaseSchema>,
    caller: RunningInstance,
    node: CallActivityNode,
    executionId: string,
    variables: Variables,
  ): Promise<CallOutcome> {
    const definition = await this.context.latestLiveDefinition(
      trx,
      caller.tenant,
      node.calledElement,
    );
    if (definition === undefined) {
      throw new NotFoundError(
        `call activity '${node.id}': no process definition '${node.calledElement}'`,
      );
    }
    let childRunner: TokenRunner | undefined;
    let childInstance: RunningInstance | undefined;
    const started = await this.createInstance(
      trx,
      caller.tenant,
      definition,
      { definitionId: definition.id, startedBy: caller.startedBy, variables },
      {
        parent: { instanceId: caller.id, executionId },
        onRun: (runner, instance) => {
          childRunner = runner;
          childInstance = instance;
        },
      },
    );
    const escalations = childRunner?.escalationsForCaller ?? [];
    if (childRunner?.terminatedAll) return { state: 'terminatedAll', escalations };
    if (childRunner?.uncaughtError) {
      return { state: 'error', error: childRunner.uncaughtError, escalations };
    }
    if (started.endedAt !== null) {
      return {
        state: 'ended',
        variables: childInstance?.variables ?? started.variables,
        escalations,
      };
    }
    return { state: 'running', escalations };
  }

  private async saveInstance(
    trx: Transaction<DatabaseSchema>,
    runner: TokenRunner,
    instance: RunningInstance,
    now: Date,
    actor: string,
    expectedVersion?: number,
  ): Promise<InstanceRow> {
    const ended = await runner.finished();
    // Once its data is known, the instance is shown by its case name (see displayNames.ts).
    const caseNames = await runner.caseNames();
    let update = trx
      .updateTable('process_instances')
      .set((eb) => ({
        variables: JSON.stringify(instance.variables),
        version: eb('version', '+', 1),
        ended_at: ended ? now : null,
        ...(caseNames ? { name: caseNames.en, display_names: JSON.stringify(caseNames) } : {}),
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

/**
 * Throws why a change found no running instance to act on: 404 for an instance the tenant
 * does not have, 409 for one that has ended.
 */
async function refuseEndedInstance(
  trx: Transaction<DatabaseSchema>,
  tenant: string,
  instanceId: string,
): Promise<never> {
  const known = await trx
    .selectFrom('process_instances')
    .select('id')
    .where('tenant', '=', tenant)
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (known === undefined) throw new NotFoundError(`No process instance ${instanceId}`);
  throw new ConflictError(`Process instance ${instanceId} has ended`);
}
