import { Transaction, type Kysely } from 'kysely';
import { claimTaskIds } from '../claimRule';
import { NotFoundError } from '../engineErrors';
import type { DefinitionRow } from './engineRows';
import type { DatabaseSchema } from '../../db/schema';
import { serviceHandlers, type ServiceHandlerRegistry } from '../ServiceHandlerRegistry';
import type {
  EngineListener,
  ProcessEndedEvent,
  ProcessEngineOptions,
  TaskAssignedEvent,
  TaskCancelledEvent,
  TaskCompletedEvent,
  TaskCreatedEvent,
  TaskDueDateChangedEvent,
} from '../processEngineTypes';

/** Runs the listeners in subscription order, awaiting each. */
export class ListenerList<E> {
  private readonly listeners: EngineListener<E>[] = [];

  /** Subscribes; the answer unsubscribes. */
  add(listener: EngineListener<E>): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  /** Runs every listener on the event, in turn. */
  async emit(event: E): Promise<void> {
    for (const listener of [...this.listeners]) await listener(event);
  }
}

/**
 * What the engine's parts share: the database, the handlers, the clock, the listeners of
 * each event, and the helpers every command uses (one transaction per command, rows by id,
 * the candidate probe, history events).
 */
export class EngineContext {
  /** The database, or an open transaction every command then runs inside. */
  readonly db: Kysely<DatabaseSchema>;
  /** Service handlers by name. */
  readonly handlers: ServiceHandlerRegistry;
  /** The engine's clock. */
  readonly clock: () => Date;
  /** Listeners of new user tasks. */
  readonly taskCreated = new ListenerList<TaskCreatedEvent>();
  /** Listeners of claims and reassignments. */
  readonly taskAssigned = new ListenerList<TaskAssignedEvent>();
  /** Listeners of completions. */
  readonly taskCompleted = new ListenerList<TaskCompletedEvent>();
  /** Listeners of tasks cancelled before completion. */
  readonly taskCancelled = new ListenerList<TaskCancelledEvent>();
  /** Listeners of due-date changes. */
  readonly taskDueDateChanged = new ListenerList<TaskDueDateChangedEvent>();
  /** Listeners of instances reaching their end. */
  readonly processEnded = new ListenerList<ProcessEndedEvent>();

  constructor(
    db: Kysely<DatabaseSchema>,
    options: ProcessEngineOptions = {},
    listenersOf?: EngineContext,
  ) {
    this.db = db;
    this.handlers = options.handlers ?? serviceHandlers;
    this.clock = options.clock ?? (() => new Date());
    if (listenersOf) {
      this.taskCreated = listenersOf.taskCreated;
      this.taskAssigned = listenersOf.taskAssigned;
      this.taskCompleted = listenersOf.taskCompleted;
      this.taskCancelled = listenersOf.taskCancelled;
      this.taskDueDateChanged = listenersOf.taskDueDateChanged;
      this.processEnded = listenersOf.processEnded;
    }
  }

  /**
   * This context over an open transaction, with the same handlers, clock and listeners: its
   * commands run inside the caller's transaction (a write recorded with its idempotency key).
   */
  joining(trx: Transaction<DatabaseSchema>): EngineContext {
    return new EngineContext(trx, { handlers: this.handlers, clock: this.clock }, this);
  }

  /**
   * Runs one command in its own transaction; an engine built over an open transaction runs
   * every command inside that one instead, so its owner can make many steps one atomic
   * change (the demo seed does). A command that throws there leaves the rollback to the
   * owner.
   */
  inTransaction<T>(work: (trx: Transaction<DatabaseSchema>) => Promise<T>): Promise<T> {
    if (this.db instanceof Transaction) return work(this.db);
    return this.db.transaction().execute(work);
  }

  /** Whether one of the claim rule's grounds lets the user claim the task (assignee aside). */
  async isCandidate(
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

  /** A definition row by id (404 when missing). */
  async definitionRow(
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

  /**
   * The newest version of a process key that is not retired: what a start by key or a call
   * activity takes. Undefined when the key has none.
   */
  latestLiveDefinition(
    db: Kysely<DatabaseSchema>,
    tenant: string,
    key: string,
  ): Promise<DefinitionRow | undefined> {
    return db
      .selectFrom('process_definitions')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('key', '=', key)
      .where('retired_at', 'is', null)
      .orderBy('version', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** A task row by id (404 when missing). */
  async taskRow(db: Kysely<DatabaseSchema>, tenant: string, taskId: string) {
    const row = await db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No task ${taskId}`);
    return row;
  }

  /** Appends one event to the instance's history, at the engine's clock. */
  async history(
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
