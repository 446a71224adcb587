import type { Kysely, Selectable } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { ConflictError, NotFoundError } from '../engineErrors';
import type { ExternalTasksTable } from '../engineTables';
import type {
  CompleteExternalTaskInput,
  ExtendExternalTaskLockInput,
  ExternalTask,
  ExternalTaskFilter,
  FailExternalTaskInput,
  FetchExternalTasksInput,
  LockedExternalTask,
  ProcessInstance,
} from '../processEngineTypes';
import type { EngineCommands } from './EngineCommands';
import type { EngineContext } from './EngineContext';
import {
  checkErrorMessage,
  checkFetchInput,
  checkFilter,
  checkVariables,
  checkWholeNumber,
  checkWorkerId,
  EXTERNAL_TASK_LIMITS,
  EXTERNAL_TASK_LIST_LIMIT,
} from './externalTaskInput';
import {
  externalTaskView,
  pickVariables,
  toExternalTask,
  variablesAtTokens,
} from './externalTaskRows';

type ExternalTaskRow = Selectable<ExternalTasksTable>;

/**
 * External tasks: work a service task hands to a worker outside the server (Camunda's
 * external tasks, Flowable's external worker jobs). Workers fetch tasks by topic and lock
 * them for a while; the worker holding a valid lock completes the task (the token moves
 * on) or reports a failure (the task is offered again later, or at no attempts left waits
 * as an incident until someone sets its retries). Each method is one transaction; the
 * engine's clock decides when locks and retry timeouts expire.
 */
export class ExternalTasks {
  constructor(
    private readonly context: EngineContext,
    private readonly commands: EngineCommands,
  ) {}

  /**
   * Locks up to `maxTasks` of the oldest fetchable tasks of the topics for the worker:
   * tasks nobody holds (or whose lock or retry timeout has passed) with attempts left.
   * Rows a concurrent fetch is taking are skipped (`FOR UPDATE SKIP LOCKED`), so two
   * workers never get one task at once however many servers share the database.
   */
  async fetchAndLock(
    tenant: string,
    input: FetchExternalTasksInput,
  ): Promise<LockedExternalTask[]> {
    const request = checkFetchInput(input);
    return this.context.inTransaction(async (trx) => {
      const now = this.context.clock();
      const topicNames = request.topics.map((topic) => topic.name);
      // 1. The oldest tasks of the topics that are free and have attempts left.
      const picked = await trx
        .selectFrom('process_external_tasks')
        .select(['id', 'topic'])
        .where('tenant', '=', tenant)
        .where('topic', 'in', topicNames)
        .where((eb) => eb.or([eb('lock_expires_at', 'is', null), eb('lock_expires_at', '<=', now)]))
        .where((eb) => eb.or([eb('retries', 'is', null), eb('retries', '>', 0)]))
        .orderBy('created_at')
        .orderBy('id')
        .limit(request.maxTasks)
        .forUpdate()
        .skipLocked()
        .execute();
      if (picked.length === 0) return [];
      // 2. They are this worker's now, each for its topic's lock duration.
      for (const topic of request.topics) {
        const ids = picked.filter((row) => row.topic === topic.name).map((row) => row.id);
        if (ids.length === 0) continue;
        await trx
          .updateTable('process_external_tasks')
          .set({
            worker_id: request.workerId,
            lock_expires_at: new Date(now.getTime() + topic.lockDurationMs),
          })
          .where('tenant', '=', tenant)
          .where('id', 'in', ids)
          .execute();
      }
      // 3. Each with the variables its token sees, all or those its topic names.
      const pickedIds = picked.map((row) => row.id);
      const rows = await externalTaskView(trx, tenant)
        .select('i.variables')
        .where('t.id', 'in', pickedIds)
        .orderBy('t.created_at')
        .orderBy('t.id')
        .execute();
      const variables = await variablesAtTokens(
        trx,
        tenant,
        rows.map((row) => ({ executionId: row.execution_id, instanceVariables: row.variables })),
      );
      return rows.map((row, index) => {
        const topic = request.topics.find((candidate) => candidate.name === row.topic);
        return {
          ...toExternalTask(row),
          workerId: request.workerId,
          lockExpiresAt: row.lock_expires_at ?? now,
          variables: pickVariables(variables[index] ?? {}, topic?.variables ?? null),
        };
      });
    });
  }

  /**
   * The worker holding a valid lock reports the work done: its variables are merged into
   * the process, the task goes and the token moves on to its next wait states, under the
   * instance lock as a user task's completion. Any other worker, or a lock that has
   * expired, is a {@link ConflictError}.
   */
  async complete(
    tenant: string,
    externalTaskId: string,
    input: CompleteExternalTaskInput,
  ): Promise<ProcessInstance> {
    const workerId = checkWorkerId(input.workerId);
    const variables = checkVariables(input.variables ?? {}, 'variables');
    return this.commands.inTransaction(async (trx) => {
      const found = await this.row(trx, tenant, externalTaskId);
      const instance = await this.commands.withInstance(
        trx,
        tenant,
        found.instance_id,
        async (runner, running) => {
          // 1. The task as it stands under the instance lock: a withdrawal may have removed
          //    it, or its lock expired and another worker fetched it, while we waited.
          const task = await this.row(trx, tenant, externalTaskId, { lock: true });
          this.requireLock(task, workerId);
          // 2. Done: the row goes, the variables join the process's, the token moves on.
          await trx
            .deleteFrom('process_external_tasks')
            .where('tenant', '=', tenant)
            .where('id', '=', task.id)
            .execute();
          // Defined, not assigned: a variable named `__proto__` stays a variable.
          for (const [name, value] of Object.entries(variables)) {
            Object.defineProperty(running.variables, name, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            });
          }
          await runner.history(null, 'externalTaskCompleted', workerId, {
            externalTaskId: task.id,
            elementId: task.element_id,
            topic: task.topic,
            variables: Object.keys(variables),
          });
          await runner.leave(task.execution_id, task.element_id);
        },
        { actor: workerId },
      );
      // The instance ended meanwhile, and its tasks with it.
      if (instance === undefined) throw new NotFoundError(`No external task ${externalTaskId}`);
      return instance;
    });
  }

  /**
   * The worker holding a valid lock reports a failure: the message (cut to 2,000
   * characters) and the attempts left are kept, the lock is released, and the task may be
   * fetched again once `retryTimeoutMs` has passed. With no attempt left it is an incident:
   * never fetched, listed with its error, until {@link setRetries}.
   */
  async fail(
    tenant: string,
    externalTaskId: string,
    input: FailExternalTaskInput,
  ): Promise<ExternalTask> {
    const workerId = checkWorkerId(input.workerId);
    const retries = checkWholeNumber('retries', input.retries, EXTERNAL_TASK_LIMITS.retries);
    const retryTimeoutMs = checkWholeNumber(
      'retryTimeoutMs',
      input.retryTimeoutMs,
      EXTERNAL_TASK_LIMITS.retryTimeoutMs,
    );
    const errorMessage = checkErrorMessage(input.errorMessage);
    return this.context.inTransaction(async (trx) => {
      const task = await this.row(trx, tenant, externalTaskId, { lock: true });
      this.requireLock(task, workerId);
      const now = this.context.clock();
      await trx
        .updateTable('process_external_tasks')
        .set({
          worker_id: null,
          // Nobody fetches it before the timeout ends; an incident waits for its retries.
          lock_expires_at:
            retries > 0 && retryTimeoutMs > 0 ? new Date(now.getTime() + retryTimeoutMs) : null,
          retries,
          error_message: errorMessage,
        })
        .where('tenant', '=', tenant)
        .where('id', '=', task.id)
        .execute();
      await this.context.history(
        trx,
        tenant,
        task.instance_id,
        null,
        'externalTaskFailed',
        workerId,
        {
          externalTaskId: task.id,
          elementId: task.element_id,
          topic: task.topic,
          retries,
          errorMessage,
        },
      );
      return this.view(trx, tenant, task.id);
    });
  }

  /**
   * Sets the attempts left of a task: above 0 an incident is fetched again (at once: an
   * incident has no retry timeout running); 0 sets a task aside as an incident. The error
   * message stays for the record.
   */
  async setRetries(
    tenant: string,
    externalTaskId: string,
    retries: number,
    actor: string | null = null,
  ): Promise<ExternalTask> {
    const value = checkWholeNumber('retries', retries, EXTERNAL_TASK_LIMITS.retries);
    return this.context.inTransaction(async (trx) => {
      const task = await trx
        .updateTable('process_external_tasks')
        .set({ retries: value })
        .where('tenant', '=', tenant)
        .where('id', '=', externalTaskId)
        .returning(['id', 'instance_id', 'element_id', 'topic'])
        .executeTakeFirst();
      if (task === undefined) throw new NotFoundError(`No external task ${externalTaskId}`);
      await this.context.history(
        trx,
        tenant,
        task.instance_id,
        null,
        'externalTaskRetriesSet',
        actor,
        { externalTaskId: task.id, elementId: task.element_id, topic: task.topic, retries: value },
      );
      return this.view(trx, tenant, task.id);
    });
  }

  /** The worker holding a valid lock keeps the task `newDurationMs` longer from now. */
  async extendLock(
    tenant: string,
    externalTaskId: string,
    input: ExtendExternalTaskLockInput,
  ): Promise<ExternalTask> {
    const workerId = checkWorkerId(input.workerId);
    const duration = checkWholeNumber(
      'newDurationMs',
      input.newDurationMs,
      EXTERNAL_TASK_LIMITS.lockDurationMs,
    );
    return this.context.inTransaction(async (trx) => {
      const task = await this.row(trx, tenant, externalTaskId, { lock: true });
      this.requireLock(task, workerId);
      await trx
        .updateTable('process_external_tasks')
        .set({ lock_expires_at: new Date(this.context.clock().getTime() + duration) })
        .where('tenant', '=', tenant)
        .where('id', '=', task.id)
        .execute();
      return this.view(trx, tenant, task.id);
    });
  }

  /**
   * The tenant's external tasks, oldest first (at most 1,000): of one topic, of one
   * instance, or only the incidents (no attempt left), each with its last error.
   */
  async list(tenant: string, filter: ExternalTaskFilter = {}): Promise<ExternalTask[]> {
    const { topic, instanceId, failedOnly } = checkFilter(filter);
    let query = externalTaskView(this.context.db, tenant);
    if (topic !== undefined) query = query.where('t.topic', '=', topic);
    if (instanceId !== undefined) query = query.where('t.instance_id', '=', instanceId);
    if (failedOnly === true) query = query.where('t.retries', '=', 0);
    const rows = await query
      .orderBy('t.created_at')
      .orderBy('t.id')
      .limit(EXTERNAL_TASK_LIST_LIMIT)
      .execute();
    return rows.map(toExternalTask);
  }

  /** Refuses a worker that does not hold a valid lock on the task. */
  private requireLock(task: ExternalTaskRow, workerId: string): void {
    if (task.worker_id !== workerId || task.lock_expires_at === null) {
      throw new ConflictError(
        task.worker_id === null
          ? `External task ${task.id} is not locked by worker '${workerId}': fetch it first`
          : `External task ${task.id} is locked by another worker`,
      );
    }
    if (task.lock_expires_at.getTime() <= this.context.clock().getTime()) {
      throw new ConflictError(
        `The lock of worker '${workerId}' on external task ${task.id} expired at ${task.lock_expires_at.toISOString()}; fetch it again`,
      );
    }
  }

  /** A task row by id (404 when missing), locked for the change when asked. */
  private async row(
    db: Kysely<DatabaseSchema>,
    tenant: string,
    externalTaskId: string,
    options: { readonly lock?: boolean } = {},
  ): Promise<ExternalTaskRow> {
    let query = db
      .selectFrom('process_external_tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', externalTaskId);
    if (options.lock === true) query = query.forUpdate();
    const row = await query.executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No external task ${externalTaskId}`);
    return row;
  }

  private async view(
    db: Kysely<DatabaseSchema>,
    tenant: string,
    externalTaskId: string,
  ): Promise<ExternalTask> {
    const row = await externalTaskView(db, tenant)
      .where('t.id', '=', externalTaskId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No external task ${externalTaskId}`);
    return toExternalTask(row);
  }
}
