import type { ModdleNode } from 'bpmn-moddle';
import type { ElementModule } from './elementModule';
import { ProcessExecutionError } from '../engineErrors';

/** Whether a moddle node is an event sub-process (`<subProcess triggeredByEvent="true">`). */
export function isEventSubProcess(element: ModdleNode): boolean {
  return element.$type === 'bpmn:SubProcess' && element.triggeredByEvent === true;
}

/**
 * An event sub-process: no flow enters or leaves it; while its enclosing process or
 * sub-process runs, the event its one start event waits for (message, timer, signal, error,
 * escalation) starts it, interrupting the rest of that scope or beside it.
 */
export const eventSubProcess: ElementModule<'eventSubProcess'> = {
  kind: 'eventSubProcess',
  // Where no flow leaves it, its path ends: the enclosing scope completes once none is left.
  role: {
    activity: true,
    noIncoming:
      "an event sub-process cannot have incoming sequence flows: its start event's trigger starts it",
  },
  read(_element, { base }) {
    // The start event is found once every node is read (see attachBoundaryEvents).
    return { ...base, kind: 'eventSubProcess', startEventId: '' };
  },
  check(node, { nodes, outs, fail }) {
    if (outs.length > 0) {
      fail('an event sub-process cannot have outgoing sequence flows: when it ends, its path ends');
    }
    const starts = [...nodes.values()].filter(
      (candidate) => candidate.kind === 'startEvent' && candidate.scope === node.id,
    );
    const [start] = starts;
    if (start === undefined || starts.length > 1) {
      fail(`an event sub-process needs exactly one start event; found ${starts.length}`);
    } else if (start.kind === 'startEvent' && start.eventSubProcess === undefined) {
      fail(
        `its start event '${start.id}' needs a message, timer, signal, error or escalation event definition: a none start event is never triggered`,
      );
    }
  },
  enter(node) {
    throw new ProcessExecutionError(
      `event sub-process '${node.id}' is started by its start event's trigger, not by a flow`,
    );
  },
};
