import type { BoundaryEventNode, EventTrigger, ProcessModel } from '../processModel';
import type { EventSubProcesses, EventSubProcessEntry } from './eventSubProcesses';

/** An execution row as the search for a catcher reads it. */
export interface ScopeRow {
  readonly id: string;
  readonly element_id: string;
  readonly state: string;
  readonly parent_id: string | null;
}

/** Who catches a thrown error or escalation. */
export type Catcher =
  | {
      readonly kind: 'eventSubProcess';
      /** The scope it starts in: null at the process level. */
      readonly scopeExecutionId: string | null;
      readonly entry: EventSubProcessEntry;
    }
  | {
      readonly kind: 'boundaryEvent';
      readonly boundary: BoundaryEventNode;
      /** The activity's execution (a multi-instance activity's root). */
      readonly holder: ScopeRow;
    };

/** What the search reads: the model, the executions, the event sub-processes. */
export interface CatcherSearch {
  readonly model: ProcessModel;
  execution(id: string): Promise<ScopeRow | undefined>;
  readonly eventSubProcesses: EventSubProcesses;
}

/**
 * The nearest catcher, from the execution an error or escalation is thrown in (`from`: the
 * scope around the throw event, or a call activity's execution) outwards: in each scope an
 * event sub-process of it first, then a boundary event on the activity holding it (a
 * multi-instance item's are on its root), then the scope around that; at the top the
 * process's event sub-processes. Undefined when nothing in this instance catches it.
 */
export async function findCatcher(
  from: string | null,
  matches: (trigger: EventTrigger) => boolean,
  search: CatcherSearch,
): Promise<Catcher | undefined> {
  const { model, eventSubProcesses } = search;
  // Scopes nest a few levels deep; the bound only guards against a corrupt cycle.
  for (let id = from, hops = 0; id !== null && hops < 100; hops += 1) {
    const row = await search.execution(id);
    if (row === undefined) break;
    if (row.state === 'scope') {
      const entry = await eventSubProcesses.catcherIn(row.id, row.element_id, matches);
      if (entry !== undefined) return { kind: 'eventSubProcess', scopeExecutionId: row.id, entry };
    }
    const parent = row.parent_id === null ? undefined : await search.execution(row.parent_id);
    const holder =
      parent?.state === 'multiInstance' && parent.element_id === row.element_id ? parent : row;
    const boundaries = (model.nodes[holder.element_id]?.boundaryEvents ?? [])
      .map((boundaryId) => model.nodes[boundaryId])
      .filter(
        (candidate): candidate is BoundaryEventNode =>
          candidate?.kind === 'boundaryEvent' && matches(candidate.trigger),
      );
    // A boundary event waiting for the very code comes before one that catches any.
    const boundary =
      boundaries.find((candidate) => codeOf(candidate.trigger) !== null) ?? boundaries[0];
    if (boundary !== undefined) return { kind: 'boundaryEvent', boundary, holder };
    id = holder.parent_id;
  }
  const entry = await eventSubProcesses.catcherIn(null, null, matches);
  return entry === undefined
    ? undefined
    : { kind: 'eventSubProcess', scopeExecutionId: null, entry };
}

/** A catcher of an error or escalation: any, or one with this code. */
export function catchesCode(
  type: 'error' | 'escalation',
  code: string | null,
): (trigger: EventTrigger) => boolean {
  return (trigger) =>
    trigger.type === type && (codeOf(trigger) === null || codeOf(trigger) === code);
}

/** The code an error or escalation catcher waits for; null when it catches any. */
export function codeOf(trigger: EventTrigger): string | null {
  if (trigger.type === 'error') return trigger.errorCode;
  if (trigger.type === 'escalation') return trigger.escalationCode;
  return null;
}
