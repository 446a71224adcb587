import type { Transaction } from 'kysely';
import { compiledTemplate } from '../expressions/compiledTemplate';
import {
  caseDisplayNames,
  PLAIN_DISPLAY,
  type DisplayNames,
  type ValueDisplay,
} from '../displayNames';
import { ProcessExecutionError } from '../engineErrors';
import type { DatabaseSchema } from '../../db/schema';
import type { EvaluationOptions } from '../expressions/evaluateExpression';
import type { Variables } from '../expressions/expressionAst';
import type { Task, TaskCandidates } from '../processEngineTypes';
import type {
  BoundaryEventNode,
  CallActivityNode,
  EscalationModel,
  ProcessModel,
  ProcessNode,
  SignalModel,
} from '../processModel';
import { elementOf, jumpsOf } from '../elements';
import { withOutputs } from '../elements/callActivity.run';
import { forkInclusive } from '../elements/inclusiveGateway';
import type { ExecutionRow, RunContext, Token } from './runContext';
import { caughtVariables, type Caught } from './caughtVariables';
import { Compensation, type CompensationRow, type CompensationRunner } from './compensation';
import {
  catchEscalation,
  raiseEscalation,
  type EscalationRunner,
  type ThrownEscalation,
} from './escalation';
import { EventSubProcesses, type EventScopeRunner } from './eventSubProcesses';
import { catchesCode, findCatcher, type Catcher, type CatcherSearch } from './findCatcher';
import type { ServiceHandlerRegistry } from '../ServiceHandlerRegistry';
import { Cancellation } from './cancellation';
import { EventWaits } from './eventWaits';
import { ExecutionRows } from './executionRows';
import { MultiInstance } from './multiInstance';
import { SignalWaits } from './signalWaits';

/** The instance facts a run needs; `variables` is updated in place as handlers return. */
export interface RunningInstance {
  readonly id: string;
  readonly tenant: string;
  readonly definitionId: string;
  readonly definitionKey: string;
  readonly startedBy: string;
  readonly startedAt: Date;
  variables: Variables;
}

/**
 * What starting a called process came to: still running, ended, or an error it threw; with
 * the escalations it raised that nothing inside it caught.
 */
export type CallOutcome = (
  | { readonly state: 'running' }
  | { readonly state: 'ended'; readonly variables: Variables }
  | { readonly state: 'error'; readonly error: ThrownError }
  /** A `terminateAll` end event ended it: the calling instance ends too. */
  | { readonly state: 'terminatedAll' }
) & { readonly escalations?: readonly ThrownEscalation[] };

/** A BPMN error on its way to a boundary event: its code and its rendered message. */
export interface ThrownError {
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

/** Call activities reach other instances through the commands that own instance rows. */
export interface CalledProcesses {
  /** Starts the latest version of `node.calledElement` for the token `executionId`. */
  start(node: CallActivityNode, executionId: string, variables: Variables): Promise<CallOutcome>;
  /** Cancels the running instances called by these tokens. */
  cancel(executionIds: readonly string[]): Promise<void>;
}

/** What a run may use beyond the transaction: handlers, the clock, the task hook. */
export interface TokenRunnerDependencies {
  readonly handlers: ServiceHandlerRegistry;
  readonly now: Date;
  readonly onTaskCreated: (task: Task, candidates: TaskCandidates) => Promise<void>;
  /** An open task the run cancelled, with the candidates it had and why. */
  readonly onTaskCancelled?: (
    task: Task,
    candidates: TaskCandidates,
    reason: string,
  ) => Promise<void>;
  readonly calls?: CalledProcesses;
  /** What the process's variables mean, for the names of its case and tasks; read once a run. */
  readonly display?: () => Promise<ValueDisplay>;
  /**
   * A global signal thrown in this run, for the tenant's other instances and signal start
   * events: the command delivers it once this instance is saved, before it commits.
   */
  readonly broadcast?: (signalName: string) => void;
}

/**
 * A process that loops without a wait state is refused at deploy; this bound is the
 * second line of defence against a runaway step holding a transaction.
 */
const maxStepsPerRun = 10_000;

/**
 * Moves the tokens of one instance inside one transaction until each rests at a wait state
 * (a user task, an external task, a catch event, a call activity, a join) or is consumed by
 * an end event.
 * Token positions live in `process_executions`; a sub-process or multi-instance activity is
 * a scope execution whose children are the tokens inside it. Nothing is kept in memory
 * between calls. The caller holds the instance row lock, so no other run sees the instance
 * half-way.
 */
export class TokenRunner {
  private readonly queue: Token[] = [];
  /** An error end event no boundary event caught, for a calling instance to handle. */
  uncaughtError: ThrownError | null = null;
  /**
   * A `terminateAll` end event ended this instance: the instance that called it (if any)
   * is terminated too, and so up to the first, as Flowable ends the root instance.
   */
  terminatedAll = false;
  /**
   * Escalations nothing in this instance caught, for the call activity that started it:
   * the command hands them to the calling instance once this one is saved.
   */
  readonly escalationsForCaller: ThrownEscalation[] = [];
  private readonly rows: ExecutionRows;
  private readonly waits: EventWaits;
  private readonly cancel: Cancellation;
  private readonly eventSubProcesses: EventSubProcesses;
  private readonly compensation: Compensation;
  private readonly multiInstance: MultiInstance;
  private readonly signals: SignalWaits;
  /** What the elements' behaviours do through this runner. */
  private readonly context: RunContext;

  constructor(
    private readonly db: Transaction<DatabaseSchema>,
    private readonly model: ProcessModel,
    private readonly instance: RunningInstance,
    private readonly dependencies: TokenRunnerDependencies,
  ) {
    this.rows = new ExecutionRows(db, instance, dependencies.now);
    this.waits = new EventWaits(db, instance, dependencies.now, (scopeId) =>
      this.rows.scopeVariables(scopeId, null),
    );
    this.cancel = new Cancellation(
      db,
      instance.tenant,
      this.rows,
      this.waits,
      dependencies.calls,
      dependencies.onTaskCancelled,
    );
    this.eventSubProcesses = new EventSubProcesses(model, this.eventScopeRunner());
    this.compensation = new Compensation(this.compensationRunner());
    this.signals = new SignalWaits(db, model, instance, (executionId, elementId) =>
      this.catchAt(executionId, elementId),
    );
    this.multiInstance = new MultiInstance({
      db,
      tenant: instance.tenant,
      rows: this.rows,
      at: this.at,
      node: (id) => this.node(id),
      armBoundaryEvents: (token, node) => this.armBoundaryEvents(token, node),
      execute: (token, node) => this.execute(token, node),
      cancelChildren: (scopeId, reason) => this.cancel.children(scopeId, reason),
      disarm: (executionId) => this.waits.disarm(executionId),
      moveOn: (token, node) => this.moveOn(token, node),
    });
    this.context = this.runContext();
  }

  /** What `now()` and `dateTime()` stand for in this run's expressions: the engine's clock. */
  private get at(): EvaluationOptions {
    return { now: this.dependencies.now };
  }

  /**
   * The instance's case names from the process's `caseName` template and the variables as
   * they stand now, or null when it declares none or a value it reads is still empty.
   */
  async caseNames(): Promise<DisplayNames | null> {
    if (!this.model.caseName) return null;
    return caseDisplayNames(
      compiledTemplate(this.model.caseName),
      this.instance.variables,
      this.at,
      await this.valueDisplay(),
    );
  }

  private displayLoad: Promise<ValueDisplay> | null = null;

  /** What the variables mean, loaded on the first name this run renders. */
  private valueDisplay(): Promise<ValueDisplay> {
    this.displayLoad ??= this.dependencies.display?.() ?? Promise.resolve(PLAIN_DISPLAY);
    return this.displayLoad;
  }

  /** Creates the first token at a start event (the none one by default) and runs it. */
  async start(startEventId: string = this.model.startEventId): Promise<void> {
    await this.eventSubProcesses.arm(null, null);
    const id = await this.rows.insertToken(startEventId, null, null);
    await this.run([{ id, nodeId: startEventId, via: null, parentId: null }]);
  }

  /**
   * Moves the token resting at a just-completed user task, or external task whose worker
   * completed it, on over its outgoing flow.
   */
  async leave(executionId: string, elementId: string): Promise<void> {
    const node = this.model.nodes[elementId];
    if (node?.kind !== 'userTask' && !(node?.kind === 'serviceTask' && node.external)) {
      throw new ProcessExecutionError(
        `'${elementId}' is neither a user task nor an external task of this process`,
      );
    }
    const row = await this.rows.execution(executionId);
    if (row === undefined) return;
    await this.completeActivity(this.tokenOf(row));
    await this.run([]);
  }

  /** A timer job of this instance is due: its catch event passes or its boundary event fires. */
  async fireTimer(executionId: string, elementId: string): Promise<boolean> {
    return this.trigger(executionId, elementId);
  }

  /** A message was correlated to this waiting token; its variables are already merged. */
  async deliverMessage(executionId: string, elementId: string): Promise<boolean> {
    return this.trigger(executionId, elementId);
  }

  /** The instance a call activity started has ended: copy the out mappings and move on. */
  async resumeAfterCall(executionId: string, calledVariables: Variables): Promise<void> {
    const row = await this.rows.execution(executionId);
    const node = row ? this.model.nodes[row.element_id] : undefined;
    if (row === undefined || node?.kind !== 'callActivity') return;
    this.instance.variables = withOutputs(node, this.instance.variables, calledVariables);
    await this.completeActivity(this.tokenOf(row));
    await this.run([]);
  }

  /** The instance a call activity started threw an error nothing inside it caught. */
  async errorFromCall(executionId: string, error: ThrownError): Promise<void> {
    const row = await this.rows.execution(executionId);
    if (row === undefined) return;
    await this.callFailed(this.tokenOf(row), error);
    await this.run([]);
  }

  /** A called instance reached a `terminateAll` end event: this instance ends as well. */
  async terminateAllFromCall(): Promise<void> {
    await this.rows.history(null, 'terminated', null, { byCalledInstance: true });
    this.terminatedAll = true;
    await this.terminate('terminated');
  }

  /**
   * The instance a call activity started raised an escalation nothing inside it caught: the
   * nearest catcher from the call activity outwards takes it.
   */
  async escalationFromCall(executionId: string, escalation: ThrownEscalation): Promise<void> {
    if ((await this.rows.execution(executionId)) === undefined) return;
    await catchEscalation(executionId, escalation, this.escalationRunner());
    await this.run([]);
  }

  /** The called instance threw: a boundary catches it, or the calling path ends. */
  private async callFailed(token: Token, error: ThrownError): Promise<void> {
    if (await this.propagateError(token.id, error)) return;
    await this.rows.deleteExecutions([token.id]);
    if (token.parentId !== null) await this.scopeDoneIfEmpty(token.parentId);
  }

  /** Ends every path of the instance: tasks, timers, waits and called instances are cancelled. */
  async terminate(reason: string): Promise<void> {
    const roots = await this.db
      .selectFrom('process_executions')
      .select('id')
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .where('parent_id', 'is', null)
      .execute();
    for (const root of roots) await this.cancel.tree(root.id, reason);
  }

  /**
   * Whether the instance has ended, no token being left; then the waits of its process-level
   * event sub-processes, which lasted as long as it ran, are removed.
   */
  async finished(): Promise<boolean> {
    if (await this.hasTokens()) return false;
    await this.eventSubProcesses.disarmProcess();
    await this.compensation.forgetInstance();
    return true;
  }

  /** Whether any token is left; when none is, the instance has ended. */
  async hasTokens(): Promise<boolean> {
    const row = await this.db
      .selectFrom('process_executions')
      .select('id')
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  private async run(initial: readonly Token[]): Promise<void> {
    this.queue.push(...initial);
    let steps = 0;
    for (;;) {
      for (let token = this.queue.shift(); token !== undefined; token = this.queue.shift()) {
        steps += 1;
        if (steps > maxStepsPerRun) {
          throw new ProcessExecutionError(
            `instance ${this.instance.id} did not reach a wait state`,
          );
        }
        if (this.rows.isRemoved(token.id)) continue;
        await this.step(token);
      }
      // A token that ended or turned away may be the last one an inclusive join waited for.
      if (!(await this.releaseInclusiveJoins())) break;
    }
  }

  /** A token arrives at its node: the element's module says what happens. */
  private async step(token: Token): Promise<void> {
    const node = this.node(token.nodeId);
    await elementOf(node.kind).enter(node, token, this.context);
  }

  // ---- activities: multi-instance, boundary events, completion ----

  private async enterActivity(token: Token, node: ProcessNode): Promise<void> {
    if (node.multiInstance && !token.item) {
      await this.multiInstance.start(token, node);
      return;
    }
    if (!token.item) await this.armBoundaryEvents(token, node);
    await this.execute(token, node);
  }

  /** Runs one activity (or one item of a multi-instance one) at the token. */
  private async execute(token: Token, node: ProcessNode): Promise<void> {
    await elementOf(node.kind).execute?.(node, token, this.context);
  }

  /** The activity at the token finished: an item reports to its root, others move on. */
  private async completeActivity(token: Token): Promise<void> {
    const row = await this.rows.execution(token.id);
    if (row === undefined) return;
    // What completed inside a sub-process can no longer be compensated once it ends.
    if (row.state === 'scope') await this.compensation.forgetScope(row.id);
    const parent = row.parent_id === null ? undefined : await this.rows.execution(row.parent_id);
    if (parent?.state === 'multiInstance' && parent.element_id === row.element_id) {
      await this.compensation.recordCompletion(row, parent.parent_id);
      await this.multiInstance.itemDone(row, parent);
      return;
    }
    await this.compensation.recordCompletion(row, row.parent_id);
    const node = this.node(row.element_id);
    await this.waits.disarm(row.id);
    if (node.outgoing.length > 0) {
      await this.rows.park({ ...token, nodeId: node.id, via: null }, 'active');
    }
    await this.moveOn({ id: row.id, nodeId: node.id, via: null, parentId: row.parent_id }, node);
  }

  // ---- events ----

  /**
   * The token leaves an activity over its outgoing flow. An activity without one is an
   * implicit end (BPMN 2.0): the path ends there as at a none end event, and its process or
   * sub-process completes once no token is left.
   */
  private async moveOn(token: Token, node: ProcessNode): Promise<void> {
    const [flowId] = node.outgoing;
    if (flowId === undefined) {
      await this.endPath(token);
      return;
    }
    this.queue.push(this.follow(token, flowId));
  }

  /** The token's path is over: it goes, and its sub-process completes if it was the last. */
  private async endPath(token: Token): Promise<void> {
    await this.rows.deleteExecutions([token.id]);
    if (token.parentId !== null) await this.scopeDoneIfEmpty(token.parentId);
  }

  /** The nearest multi-instance root around a scope, within this instance. */
  private async enclosingMultiInstance(scopeId: string | null): Promise<ExecutionRow | undefined> {
    // Scopes nest a few levels deep; the bound only guards against a corrupt cycle.
    for (let id = scopeId, hops = 0; id !== null && hops < 100; hops += 1) {
      const row = await this.rows.execution(id);
      if (row === undefined) return undefined;
      if (row.state === 'multiInstance') return row;
      id = row.parent_id;
    }
    return undefined;
  }

  private async scopeDoneIfEmpty(scopeId: string): Promise<void> {
    const child = await this.db
      .selectFrom('process_executions')
      .select('id')
      .where('tenant', '=', this.instance.tenant)
      .where('parent_id', '=', scopeId)
      .limit(1)
      .executeTakeFirst();
    if (child === undefined) await this.scopeDone(scopeId);
  }

  /**
   * A sub-process scope has no tokens left: the sub-process completes. (At a compensation
   * throw, the handler that ended is followed by the next, or the token goes on.)
   */
  private async scopeDone(scopeId: string): Promise<void> {
    const scope = await this.rows.execution(scopeId);
    if (scope === undefined) return;
    if (await this.compensation.handlerDone(scope)) return;
    await this.completeActivity(this.tokenOf(scope));
  }

  /**
   * A cancel end event cancels its transaction (BPMN 2.0, as Camunda 7 runs it): the
   * transaction's other paths end at once, the activities completed in it are compensated
   * (latest first, waiting for each handler), and then the transaction is left over its
   * cancel boundary event.
   */
  private async cancelTransaction(token: Token, elementId: string): Promise<void> {
    const transactionId = token.parentId;
    if (transactionId === null) {
      throw new ProcessExecutionError(`cancel end event '${elementId}' lies in no transaction`);
    }
    const transaction = await this.rows.execution(transactionId);
    await this.rows.history(null, 'transactionCancelled', null, {
      elementId,
      transaction: transaction?.element_id ?? null,
    });
    const others = await this.db
      .selectFrom('process_executions')
      .select('id')
      .where('tenant', '=', this.instance.tenant)
      .where('parent_id', '=', transactionId)
      .where('id', '!=', token.id)
      .execute();
    for (const other of others) await this.cancel.tree(other.id, 'transactionCancelled');
    const waits = await this.compensation.throwAt(
      token.id,
      elementId,
      transactionId,
      { activityRef: null, waitForCompletion: true },
      'cancelTransaction',
    );
    if (!waits) await this.leaveTransaction(transactionId);
  }

  /** The cancelled transaction is left over its cancel boundary event (on its root if multi-instance). */
  private async leaveTransaction(transactionId: string): Promise<void> {
    const row = await this.rows.execution(transactionId);
    if (row === undefined) return;
    const parent = row.parent_id === null ? undefined : await this.rows.execution(row.parent_id);
    const holder =
      parent?.state === 'multiInstance' && parent.element_id === row.element_id ? parent : row;
    const boundary = (this.node(holder.element_id).boundaryEvents ?? [])
      .map((boundaryId) => this.node(boundaryId))
      .find(
        (candidate): candidate is BoundaryEventNode =>
          candidate.kind === 'boundaryEvent' && candidate.trigger.type === 'cancel',
      );
    if (boundary === undefined) {
      throw new ProcessExecutionError(
        `transaction '${holder.element_id}' has no cancel boundary event to leave over`,
      );
    }
    await this.fireBoundary(boundary, holder);
  }

  /** What the element modules' behaviours do through this runner. */
  private runContext(): RunContext {
    return {
      db: this.db,
      model: this.model,
      instance: this.instance,
      dependencies: this.dependencies,
      at: this.at,
      node: (id) => this.node(id),
      execution: (id) => this.rows.execution(id),
      isRemoved: (executionId) => this.rows.isRemoved(executionId),
      scopeVariables: (scopeId, ownId) => this.rows.scopeVariables(scopeId, ownId),
      valueDisplay: () => this.valueDisplay(),
      waitingAt: (elementId, parentId) => this.rows.waitingAt(elementId, parentId),
      tokenOf: (row) => this.tokenOf(row),
      queue: (...tokens) => {
        this.queue.push(...tokens);
      },
      follow: (token, flowId) => this.follow(token, flowId),
      single: (outgoing) => this.single(outgoing),
      fork: (node, token, flowIds) => this.fork(node, token, flowIds),
      moveOn: (token, node) => this.moveOn(token, node),
      endPath: (token) => this.endPath(token),
      park: (token, state) => this.rows.park(token, state),
      deleteExecutions: (ids) => this.rows.deleteExecutions(ids),
      enterActivity: (token, node) => this.enterActivity(token, node),
      openScope: async (token, startEventId) => {
        await this.eventSubProcesses.arm(token.id, token.nodeId);
        const child = await this.rows.insertToken(startEventId, null, token.id);
        this.queue.push({ id: child, nodeId: startEventId, via: null, parentId: token.id });
      },
      completeActivity: (token) => this.completeActivity(token),
      callFailed: (token, error) => this.callFailed(token, error),
      scopeDone: (scopeId) => this.scopeDone(scopeId),
      scopeDoneIfEmpty: (scopeId) => this.scopeDoneIfEmpty(scopeId),
      enclosingMultiInstance: (scopeId) => this.enclosingMultiInstance(scopeId),
      leaveMultiInstance: (rootId) => this.multiInstance.leave(rootId),
      cancelChildren: (scopeId, reason) => this.cancel.children(scopeId, reason),
      terminate: (reason) => this.terminate(reason),
      terminateAll: async () => {
        this.terminatedAll = true;
        await this.terminate('terminated');
      },
      terminateAllFromCall: () => this.terminateAllFromCall(),
      arm: (token, elementId, trigger) => this.waits.arm(token, elementId, trigger),
      disarm: (executionId, elementIds) => this.waits.disarm(executionId, elementIds),
      fireBoundary: (node, activity) => this.fireBoundary(node, activity),
      fireEventSubProcess: (waitKey, start) => this.eventSubProcesses.fire(waitKey, start),
      subscribe: (executionId, elementId, eventType, eventName) =>
        this.waits.subscribe(executionId, elementId, eventType, eventName),
      raise: (token, elementId, escalation) => this.raise(token, elementId, escalation),
      catchEscalation: (executionId, escalation) =>
        catchEscalation(executionId, escalation, this.escalationRunner()),
      throwSignal: (elementId, signal) => this.throwSignal(elementId, signal),
      compensate: (token, elementId, compensation) =>
        this.compensation.throwAt(token.id, elementId, token.parentId, compensation, 'goOn'),
      cancelTransaction: (token, elementId) => this.cancelTransaction(token, elementId),
      propagateError: (from, error) => this.propagateError(from, error),
      history: (event, payload, taskId = null) => this.rows.history(taskId, event, null, payload),
    };
  }

  /** What compensation does through this runner. */
  private compensationRunner(): CompensationRunner {
    return {
      db: this.db,
      model: this.model,
      tenant: this.instance.tenant,
      instanceId: this.instance.id,
      now: this.dependencies.now,
      execution: (id) => this.rows.execution(id),
      openScope: async (elementId, parentId, locals) => {
        const id = await this.rows.insertToken(elementId, null, parentId, locals);
        await this.rows.park({ id, nodeId: elementId, via: null, parentId }, 'scope');
        return id;
      },
      holdAsScope: async (executionId, elementId, locals) => {
        await this.db
          .updateTable('process_executions')
          .set({ element_id: elementId, state: 'scope', local_variables: JSON.stringify(locals) })
          .where('tenant', '=', this.instance.tenant)
          .where('id', '=', executionId)
          .execute();
      },
      setLocals: (executionId, locals) => this.rows.setLocals(executionId, locals),
      startHandler: async (handlerId, parentId, locals) => {
        const id = await this.rows.insertToken(handlerId, null, parentId, locals);
        await this.execute({ id, nodeId: handlerId, via: null, parentId }, this.node(handlerId));
      },
      finish: (row, after) => this.afterCompensation(row, after),
      history: (event, payload) => this.rows.history(null, event, null, payload),
    };
  }

  /** Every handler at a compensation throw has finished: the execution goes on as planned. */
  private async afterCompensation(
    row: CompensationRow,
    after: 'goOn' | 'end' | 'cancelTransaction',
  ): Promise<void> {
    const token = this.tokenOf(row);
    if (after === 'cancelTransaction') {
      if (row.parent_id !== null) await this.leaveTransaction(row.parent_id);
      return;
    }
    const node = this.node(row.element_id);
    if (after === 'end' || node.kind === 'endEvent') {
      await this.endPath(token);
      return;
    }
    await this.rows.park(token, 'active');
    await this.moveOn(token, node);
  }

  /**
   * An error was thrown from inside `fromScope` (or by the call activity at it): the
   * nearest enclosing activity with a matching error boundary event catches it. None at
   * the top: a called instance hands it to its caller; otherwise the path simply ends.
   */
  private async propagateError(from: string | null, error: ThrownError): Promise<boolean> {
    const { errorCode } = error;
    await this.rows.history(null, 'errorThrown', null, { errorCode });
    const catcher = await findCatcher(from, catchesCode('error', errorCode), this.catcherSearch());
    if (catcher !== undefined) {
      await this.catchWith(catcher, error);
      return true;
    }
    if (await this.isCalled()) {
      this.uncaughtError = error;
      await this.terminate('errorThrown');
      return true;
    }
    // Uncaught at the top of a process nobody called: the path ends there, as a none end.
    await this.rows.history(null, 'errorNotCaught', null, { errorCode });
    return false;
  }

  /** Whether a call activity of another instance started this one. */
  private async isCalled(): Promise<boolean> {
    const called = await this.db
      .selectFrom('process_instances')
      .select('parent_execution_id')
      .where('tenant', '=', this.instance.tenant)
      .where('id', '=', this.instance.id)
      .executeTakeFirst();
    return Boolean(called?.parent_execution_id);
  }

  /**
   * The catcher found for an error or escalation takes it: a boundary event fires, or an
   * event sub-process starts; either stores what it caught in the variables it names.
   */
  private async catchWith(catcher: Catcher, caught: Caught): Promise<void> {
    if (catcher.kind === 'boundaryEvent') {
      this.storeVariables(caughtVariables(catcher.boundary, caught));
      await this.fireBoundary(catcher.boundary, catcher.holder);
      return;
    }
    await this.eventSubProcesses.start(catcher.scopeExecutionId, catcher.entry, caught);
  }

  /** Raises an escalation from a throw or end event, inside the token's scope. */
  private async raise(token: Token, elementId: string, escalation: EscalationModel): Promise<void> {
    await raiseEscalation(
      token.parentId,
      { escalationCode: escalation.escalationCode, elementId },
      this.escalationRunner(),
    );
  }

  private storeVariables(stored: Variables): void {
    if (Object.keys(stored).length > 0) {
      this.instance.variables = { ...this.instance.variables, ...stored };
    }
  }

  private catcherSearch(): CatcherSearch {
    return {
      model: this.model,
      execution: (id) => this.rows.execution(id),
      eventSubProcesses: this.eventSubProcesses,
    };
  }

  private escalationRunner(): EscalationRunner {
    return {
      ...this.catcherSearch(),
      history: (event, payload) => this.rows.history(null, event, null, payload),
      catchWith: (catcher, caught) => this.catchWith(catcher, caught),
      isCalled: () => this.isCalled(),
      forwardToCaller: (escalation) => {
        this.escalationsForCaller.push(escalation);
      },
    };
  }

  /** What the event sub-processes do through this runner. */
  private eventScopeRunner(): EventScopeRunner {
    return {
      instanceId: this.instance.id,
      execution: (id) => this.rows.execution(id),
      childElements: async (scopeId) => {
        const rows = await this.db
          .selectFrom('process_executions')
          .select('element_id')
          .where('tenant', '=', this.instance.tenant)
          .where('instance_id', '=', this.instance.id)
          .where((eb) =>
            scopeId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', scopeId),
          )
          .execute();
        return rows.map((row) => row.element_id);
      },
      arm: (token, elementId, trigger) => this.waits.arm(token, elementId, trigger),
      disarmElements: (executionId, elementIds) => this.waits.disarm(executionId, elementIds),
      cancelInside: (scopeId, reason) =>
        scopeId === null ? this.terminate(reason) : this.cancel.children(scopeId, reason),
      openScope: async (elementId, startEventId, parentId) => {
        const id = await this.rows.insertToken(elementId, null, parentId);
        await this.rows.park({ id, nodeId: elementId, via: null, parentId }, 'scope');
        const child = await this.rows.insertToken(startEventId, null, id);
        this.queue.push({ id: child, nodeId: startEventId, via: null, parentId: id });
        return id;
      },
      storeVariables: (stored) => {
        this.storeVariables(stored);
      },
      history: (event, payload) => this.rows.history(null, event, null, payload),
    };
  }

  /** A timer or message reached a waiting catch event or a boundary event. */
  private async trigger(executionId: string, elementId: string): Promise<boolean> {
    if (!(await this.catchAt(executionId, elementId))) return false;
    await this.run([]);
    return true;
  }

  /**
   * The event at `elementId` happened for the token waiting on it: a catch event passes, a
   * boundary event fires. The tokens it moves are queued for the run; false when the token
   * no longer waits there.
   */
  private async catchAt(executionId: string, elementId: string): Promise<boolean> {
    const node = this.model.nodes[elementId];
    if (node === undefined) return false;
    return (await elementOf(node.kind).caught?.(node, executionId, this.context)) ?? false;
  }

  /**
   * A boundary event fires on the activity's execution: interrupting cancels the activity
   * (its task, its tokens inside, its called instance, its other timers) and leaves over the
   * boundary event; non-interrupting leaves over it with a new token beside the activity.
   */
  private async fireBoundary(
    node: BoundaryEventNode,
    activity: Pick<ExecutionRow, 'id' | 'parent_id'>,
  ): Promise<void> {
    await this.rows.history(null, 'boundaryEventFired', null, {
      elementId: node.id,
      attachedTo: node.attachedTo,
      type: node.trigger.type,
      interrupting: node.cancelActivity,
    });
    if (!node.cancelActivity) {
      const id = await this.rows.insertToken(node.id, null, activity.parent_id);
      this.queue.push({ id, nodeId: node.id, via: null, parentId: activity.parent_id });
      return;
    }
    await this.cancel.children(activity.id, 'boundaryEvent');
    await this.cancel.ownWork(activity.id, 'boundaryEvent');
    await this.compensation.forgetScope(activity.id);
    await this.db
      .updateTable('process_executions')
      .set({ element_id: node.id, state: 'active', arrived_via: null, local_variables: '{}' })
      .where('tenant', '=', this.instance.tenant)
      .where('id', '=', activity.id)
      .execute();
    this.queue.push({ id: activity.id, nodeId: node.id, via: null, parentId: activity.parent_id });
  }

  /**
   * A throw or end event broadcasts a signal: the waits of this instance for it are reached
   * at once, in this run; a global signal then goes to the tenant's other instances and
   * signal start events through `broadcast`, once this instance is saved.
   */
  private async throwSignal(elementId: string, signal: SignalModel): Promise<void> {
    await this.rows.history(null, 'signalThrown', null, {
      elementId,
      signalName: signal.signalName,
      scope: signal.scope,
    });
    await this.signals.deliver(await this.signals.find(signal.signalName, 'thrownHere'));
    if (signal.scope === 'global') this.dependencies.broadcast?.(signal.signalName);
  }

  /**
   * A signal sent from outside, or thrown in another instance, reaches this instance's
   * waits for it (those of a processInstance-scoped signal excepted): the variables are
   * merged first, and the tokens move on. Answers how many waits it reached.
   */
  async receiveSignal(
    signalName: string,
    input: { readonly variables: Variables; readonly actor: string | null },
  ): Promise<number> {
    const waits = await this.signals.find(signalName, 'fromElsewhere');
    if (waits.length === 0) return 0;
    this.instance.variables = { ...this.instance.variables, ...input.variables };
    await this.rows.history(null, 'signalReceived', input.actor, {
      signalName,
      variables: Object.keys(input.variables),
    });
    const reached = await this.signals.deliver(waits);
    await this.run([]);
    return reached;
  }

  private async armBoundaryEvents(token: Token, node: ProcessNode): Promise<void> {
    for (const boundaryId of node.boundaryEvents ?? []) {
      const boundary = this.node(boundaryId);
      if (boundary.kind === 'boundaryEvent')
        await this.waits.arm(token, boundary.id, boundary.trigger);
    }
  }

  // ---- gateways ----

  private async fork(
    node: ProcessNode,
    token: Token,
    flowIds: readonly string[],
  ): Promise<Token[]> {
    const tokens: Token[] = [];
    for (const [index, flowId] of flowIds.entries()) {
      const id =
        index === 0 ? token.id : await this.rows.insertToken(node.id, null, token.parentId);
      tokens.push(
        this.follow({ id, nodeId: node.id, via: null, parentId: token.parentId }, flowId),
      );
    }
    return tokens;
  }

  /** Releases every inclusive join no other token can still reach; true if one was. */
  private async releaseInclusiveJoins(): Promise<boolean> {
    const waiting = await this.db
      .selectFrom('process_executions')
      .select(['id', 'element_id', 'parent_id'])
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .where('state', '=', 'waiting')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    for (const row of waiting) {
      const node = this.model.nodes[row.element_id];
      if (node?.kind !== 'inclusiveGateway') continue;
      const others = await this.db
        .selectFrom('process_executions')
        .select(['id', 'element_id', 'state'])
        .where('tenant', '=', this.instance.tenant)
        .where('instance_id', '=', this.instance.id)
        .where((eb) =>
          row.parent_id === null
            ? eb('parent_id', 'is', null)
            : eb('parent_id', '=', row.parent_id),
        )
        .execute();
      const blocked = others.some(
        (other) =>
          !(other.element_id === node.id && other.state === 'waiting') &&
          this.canReach(other.element_id, node.id),
      );
      if (blocked) continue;
      const arrived = others.filter(
        (other) => other.element_id === node.id && other.state === 'waiting',
      );
      const [first, ...rest] = arrived.map((other) => other.id);
      if (first === undefined) continue;
      await this.rows.deleteExecutions(rest);
      const token = { id: first, nodeId: node.id, via: null, parentId: row.parent_id };
      await this.rows.park(token, 'active');
      await forkInclusive(node, token, this.context);
      return true;
    }
    return false;
  }

  /** Whether a path of flows (or boundary events, or links) leads from one node to another. */
  private canReach(fromId: string, targetId: string): boolean {
    const seen = new Set<string>([fromId]);
    const queue = [fromId];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const node = this.model.nodes[id];
      if (node === undefined) continue;
      const next = [
        ...node.outgoing.map((flowId) => this.model.flows[flowId]?.target),
        ...(node.boundaryEvents ?? []),
        ...jumpsOf(node),
      ];
      for (const neighbour of next) {
        if (neighbour === targetId) return true;
        if (neighbour !== undefined && !seen.has(neighbour)) {
          seen.add(neighbour);
          queue.push(neighbour);
        }
      }
    }
    return false;
  }

  // ---- rows ----

  private tokenOf(row: ExecutionRow): Token {
    return { id: row.id, nodeId: row.element_id, via: null, parentId: row.parent_id };
  }

  private node(id: string): ProcessNode {
    const node = this.model.nodes[id];
    if (node === undefined)
      throw new ProcessExecutionError(`a token reached unknown element '${id}'`);
    return node;
  }

  private follow(token: Token, flowId: string): Token {
    const flow = this.model.flows[flowId];
    if (flow === undefined) throw new ProcessExecutionError(`unknown sequence flow '${flowId}'`);
    return { id: token.id, nodeId: flow.target, via: flowId, parentId: token.parentId };
  }

  private single(outgoing: readonly string[]): string {
    const [flowId] = outgoing;
    if (flowId === undefined) throw new ProcessExecutionError('a flow node has no outgoing flow');
    return flowId;
  }

  /** Appends a history row for this instance. */
  history(
    taskId: string | null,
    event: string,
    actor: string | null,
    payload: Record<string, unknown>,
  ): Promise<void> {
    return this.rows.history(taskId, event, actor, payload);
  }
}
