import type { Variables } from '../expressions/expressionAst';
import type {
  EventSubProcessNode,
  EventSubProcessStart,
  EventTrigger,
  ProcessModel,
  StartEventNode,
} from '../processModel';
import { caughtVariables, type Caught } from './caughtVariables';
import { codeOf } from './findCatcher';

/** An event sub-process with the start event that carries its trigger. */
export interface EventSubProcessEntry {
  readonly node: EventSubProcessNode;
  readonly start: StartEventNode & { readonly eventSubProcess: EventSubProcessStart };
}

/** What the event sub-processes ask of the runner that moves the instance's tokens. */
export interface EventScopeRunner {
  readonly instanceId: string;
  /** The execution row, or undefined when it is gone. */
  execution(id: string): Promise<{ readonly element_id: string } | undefined>;
  /** The element ids the executions directly inside a scope (the roots for null) rest at. */
  childElements(scopeId: string | null): Promise<readonly string[]>;
  /** Makes an execution wait for a timer, message or signal at `elementId`. */
  arm(
    token: { readonly id: string; readonly parentId: string | null },
    elementId: string,
    trigger: EventTrigger,
  ): Promise<void>;
  /** Removes the timers and waits of one execution at these elements only. */
  disarmElements(executionId: string, elementIds: readonly string[]): Promise<void>;
  /** Cancels every execution inside a scope (the whole instance for null). */
  cancelInside(scopeId: string | null, reason: string): Promise<void>;
  /** Creates a scope execution at `elementId` and a token at its start event, queued to run. */
  openScope(elementId: string, startEventId: string, parentId: string | null): Promise<string>;
  /** Merges variables into the process variables. */
  storeVariables(variables: Variables): void;
  history(event: string, payload: Record<string, unknown>): Promise<void>;
}

const byModel = new WeakMap<ProcessModel, Map<string | null, EventSubProcessEntry[]>>();

/** The event sub-processes of each scope (null: the process level), found once per model. */
function entriesByScope(model: ProcessModel): Map<string | null, EventSubProcessEntry[]> {
  let found = byModel.get(model);
  if (found !== undefined) return found;
  found = new Map();
  for (const node of Object.values(model.nodes)) {
    if (node.kind !== 'eventSubProcess') continue;
    const start = model.nodes[node.startEventId];
    if (start?.kind !== 'startEvent' || start.eventSubProcess === undefined) continue;
    const scope = node.scope ?? null;
    const entry: EventSubProcessEntry = {
      node,
      start: { ...start, eventSubProcess: start.eventSubProcess },
    };
    found.set(scope, [...(found.get(scope) ?? []), entry]);
  }
  byModel.set(model, found);
  return found;
}

/**
 * Event sub-processes (BPMN 2.0, as Flowable and Camunda 7 run them): while a process or
 * sub-process runs, its event sub-processes' message, timer and signal starts wait on the
 * scope (on its execution; at the process level on the instance id, as there is none) and go
 * with it. A trigger starts the event sub-process in a scope execution of its own: an
 * interrupting one first cancels everything else in the scope and the scope's other event
 * sub-process waits, and once it ends the scope completes; a non-interrupting one runs
 * beside the rest, as often as its trigger comes. Errors and escalations are caught by name
 * as they are thrown (see `findCatcher`).
 */
export class EventSubProcesses {
  constructor(
    private readonly model: ProcessModel,
    private readonly runner: EventScopeRunner,
  ) {}

  /** The event sub-processes directly inside a scope (null: the process level). */
  in(scopeNodeId: string | null): readonly EventSubProcessEntry[] {
    return entriesByScope(this.model).get(scopeNodeId) ?? [];
  }

  /** What a scope's waits hang on: its execution, or the instance id at the process level. */
  private waitKey(scopeExecutionId: string | null): string {
    return scopeExecutionId ?? this.runner.instanceId;
  }

  /** A scope began: the message, timer and signal starts of its event sub-processes wait. */
  async arm(scopeExecutionId: string | null, scopeNodeId: string | null): Promise<void> {
    for (const { start } of this.in(scopeNodeId)) {
      const { trigger } = start.eventSubProcess;
      if (trigger.type !== 'message' && trigger.type !== 'timer' && trigger.type !== 'signal') {
        continue;
      }
      await this.runner.arm(
        { id: this.waitKey(scopeExecutionId), parentId: scopeExecutionId },
        start.id,
        trigger,
      );
    }
  }

  /** The process-level scope ended with the instance: its event sub-processes wait no more. */
  async disarmProcess(): Promise<void> {
    const ids = this.in(null).map((entry) => entry.start.id);
    if (ids.length > 0) await this.runner.disarmElements(this.runner.instanceId, ids);
  }

  /**
   * A timer, message or signal reached the start event of an event sub-process, waiting on
   * `waitKey`: it starts if its scope still runs. False when the wait is stale.
   */
  async fire(waitKey: string, start: StartEventNode): Promise<boolean> {
    const enclosing = this.model.nodes[start.scope ?? '']?.scope ?? null;
    const entry = this.in(enclosing).find((candidate) => candidate.start.id === start.id);
    if (entry === undefined) return false;
    const scopeNodeId = entry.node.scope ?? null;
    let scopeExecutionId: string | null = null;
    if (waitKey !== this.runner.instanceId) {
      const scope = await this.runner.execution(waitKey);
      if (scope?.element_id !== scopeNodeId) return false;
      scopeExecutionId = waitKey;
    }
    await this.start(scopeExecutionId, entry, {});
    return true;
  }

  /**
   * The event sub-process of a scope that catches what `matches` accepts (an error or an
   * escalation thrown inside the scope); none while an interrupting one already runs there.
   */
  async catcherIn(
    scopeExecutionId: string | null,
    scopeNodeId: string | null,
    matches: (trigger: EventTrigger) => boolean,
  ): Promise<EventSubProcessEntry | undefined> {
    const entries = this.in(scopeNodeId);
    const catching = entries.filter((entry) => matches(entry.start.eventSubProcess.trigger));
    if (catching.length === 0) return undefined;
    if (await this.interrupted(scopeExecutionId, scopeNodeId)) return undefined;
    // A catcher of the very code comes before one that catches any.
    return (
      catching.find((entry) => codeOf(entry.start.eventSubProcess.trigger) !== null) ?? catching[0]
    );
  }

  /** Whether an interrupting event sub-process already runs in the scope. */
  private async interrupted(
    scopeExecutionId: string | null,
    scopeNodeId: string | null,
  ): Promise<boolean> {
    const interrupting = new Set(
      this.in(scopeNodeId)
        .filter((entry) => entry.start.eventSubProcess.interrupting)
        .map((entry) => entry.node.id),
    );
    if (interrupting.size === 0) return false;
    const children = await this.runner.childElements(scopeExecutionId);
    return children.some((elementId) => interrupting.has(elementId));
  }

  /**
   * Starts an event sub-process in its scope: an interrupting one ends everything else
   * there first. `caught` is the error or escalation it caught, for its variables.
   */
  async start(
    scopeExecutionId: string | null,
    entry: EventSubProcessEntry,
    caught: Caught,
  ): Promise<void> {
    const { node, start } = entry;
    const { trigger, interrupting } = start.eventSubProcess;
    await this.runner.history('eventSubProcessStarted', {
      elementId: node.id,
      startEventId: start.id,
      type: trigger.type,
      interrupting,
    });
    this.runner.storeVariables(caughtVariables(start.eventSubProcess, caught));
    if (interrupting) {
      const waits = this.in(node.scope ?? null).map((other) => other.start.id);
      await this.runner.disarmElements(this.waitKey(scopeExecutionId), waits);
      await this.runner.cancelInside(scopeExecutionId, 'eventSubProcess');
    }
    const scopeId = await this.runner.openScope(node.id, start.id, scopeExecutionId);
    await this.arm(scopeId, node.id);
  }
}
