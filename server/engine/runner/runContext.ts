import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { ValueDisplay } from '../displayNames';
import type { ExecutionState } from '../engineTables';
import type { EvaluationOptions } from '../expressions/evaluateExpression';
import type { Variables } from '../expressions/expressionAst';
import type {
  BoundaryEventNode,
  CompensationModel,
  EscalationModel,
  EventTrigger,
  ProcessModel,
  ProcessNode,
  SignalModel,
  StartEventNode,
} from '../processModel';
import type { ThrownEscalation } from './escalation';
import type { RunningInstance, ThrownError, TokenRunnerDependencies } from './TokenRunner';

/** A token in motion: its row id, where it is, the flow it came over and its scope. */
export interface Token {
  readonly id: string;
  readonly nodeId: string;
  readonly via: string | null;
  readonly parentId: string | null;
  /** One item of a multi-instance activity (its boundary events belong to the root). */
  readonly item?: boolean;
}

/** An execution row as the runner reads it. */
export interface ExecutionRow {
  readonly id: string;
  readonly element_id: string;
  readonly state: ExecutionState;
  readonly parent_id: string | null;
  readonly local_variables: Variables;
}

/**
 * What an element's behaviour may do through the runner that moves the instance's tokens,
 * inside the run's transaction. The runner keeps the queue, the rows and what crosses
 * elements (multi-instance, boundary events, scopes, errors, escalations, signals,
 * compensation); an element says only what happens when a token reaches it.
 */
export interface RunContext {
  readonly db: Transaction<DatabaseSchema>;
  readonly model: ProcessModel;
  /** The running instance; its `variables` may be replaced with merged ones. */
  readonly instance: RunningInstance;
  readonly dependencies: TokenRunnerDependencies;
  /** What `now()` and `dateTime()` stand for in this run's expressions. */
  readonly at: EvaluationOptions;

  /** The node of the model, or a `ProcessExecutionError` for an unknown id. */
  node(id: string): ProcessNode;
  /** The execution row, or undefined when it is gone (also when removed in this run). */
  execution(id: string): Promise<ExecutionRow | undefined>;
  /** Whether the execution was removed in this run (an interrupting catcher ended it). */
  isRemoved(executionId: string): boolean;
  /** The variables seen inside a scope, with `ownId`'s locals over them when given. */
  scopeVariables(scopeId: string | null, ownId: string | null): Promise<Variables>;
  /** What the variables mean, for names rendered in this run. */
  valueDisplay(): Promise<ValueDisplay>;
  /** The tokens waiting at a join in one scope, oldest first. */
  waitingAt(
    elementId: string,
    parentId: string | null,
  ): Promise<readonly { readonly id: string; readonly arrived_via: string | null }[]>;

  /** The token resting at an execution. */
  tokenOf(row: ExecutionRow): Token;
  /** Queues tokens to be stepped in this run. */
  queue(...tokens: Token[]): void;
  /** The token once it has gone over a flow. */
  follow(token: Token, flowId: string): Token;
  /** The one outgoing flow of a node that must have one. */
  single(outgoing: readonly string[]): string;
  /** The token takes the first flow, new tokens beside it the others. */
  fork(node: ProcessNode, token: Token, flowIds: readonly string[]): Promise<Token[]>;
  /** The token leaves over the node's outgoing flow; without one its path ends. */
  moveOn(token: Token, node: ProcessNode): Promise<void>;
  /** The token's path is over: it goes, and its sub-process completes if it was the last. */
  endPath(token: Token): Promise<void>;
  /** Rests the token's execution at its node in this state. */
  park(token: Token, state: ExecutionState): Promise<void>;
  deleteExecutions(ids: readonly string[]): Promise<void>;

  /** Enters an activity: multi-instance and boundary events first, then its own `execute`. */
  enterActivity(token: Token, node: ProcessNode): Promise<void>;
  /** Opens a sub-process at the token: a scope, its event sub-processes, its start token. */
  openScope(token: Token, startEventId: string): Promise<void>;
  /** The activity at the token finished: an item reports to its root, others move on. */
  completeActivity(token: Token): Promise<void>;
  /** A called instance threw: a boundary catches it, or the calling path ends. */
  callFailed(token: Token, error: ThrownError): Promise<void>;
  /** A sub-process scope has no tokens left: it completes. */
  scopeDone(scopeId: string): Promise<void>;
  /** The scope completes if no token is left in it. */
  scopeDoneIfEmpty(scopeId: string): Promise<void>;
  /** The nearest multi-instance root around a scope. */
  enclosingMultiInstance(scopeId: string | null): Promise<ExecutionRow | undefined>;
  /** Ends a multi-instance activity: its root leaves over its flow. */
  leaveMultiInstance(rootId: string): Promise<void>;
  /** Cancels every execution inside a scope. */
  cancelChildren(scopeId: string, reason: string): Promise<void>;
  /** Ends every path of the instance. */
  terminate(reason: string): Promise<void>;
  /** A `terminateAll` end event: this instance and every one that called it end. */
  terminateAll(): Promise<void>;
  /** A called instance reached a `terminateAll` end event: this instance ends as well. */
  terminateAllFromCall(): Promise<void>;

  /** Makes the token wait for a timer, message or signal at `elementId`. */
  arm(
    token: Pick<Token, 'id' | 'parentId'>,
    elementId: string,
    trigger: EventTrigger,
  ): Promise<void>;
  /** Removes an execution's timers and waits (those at `elementIds` only, when given). */
  disarm(executionId: string, elementIds?: readonly string[]): Promise<void>;
  /** A boundary event fires on its activity's execution, interrupting it or beside it. */
  fireBoundary(
    node: BoundaryEventNode,
    activity: Pick<ExecutionRow, 'id' | 'parent_id'>,
  ): Promise<void>;
  /** The trigger of an event sub-process's start event happened while its scope runs. */
  fireEventSubProcess(waitKey: string, start: StartEventNode): Promise<boolean>;
  /** A message or signal wait of an execution at `elementId`. */
  subscribe(
    executionId: string,
    elementId: string,
    eventType: 'message' | 'signal',
    eventName: string,
  ): Promise<void>;

  /** Raises an escalation from a throw or end event, inside the token's scope. */
  raise(token: Token, elementId: string, escalation: EscalationModel): Promise<void>;
  /** Gives an escalation raised in a called instance to its catcher from the call activity out. */
  catchEscalation(executionId: string, escalation: ThrownEscalation): Promise<void>;
  /** Broadcasts a signal: this instance's waits at once, the tenant's once it is saved. */
  throwSignal(elementId: string, signal: SignalModel): Promise<void>;
  /**
   * A compensation throw in the token's scope; true when the token waits for the handlers
   * to finish (it then goes on from its event).
   */
  compensate(token: Token, elementId: string, compensation: CompensationModel): Promise<boolean>;
  /** A cancel end event cancels its transaction. */
  cancelTransaction(token: Token, elementId: string): Promise<void>;
  /** An error thrown from inside `from`: true when something caught it. */
  propagateError(from: string | null, error: ThrownError): Promise<boolean>;

  /** Appends a history row for this instance (about a task when `taskId` is given). */
  history(event: string, payload: Record<string, unknown>, taskId?: string | null): Promise<void>;
}
