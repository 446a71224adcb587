import type { ModdleNode } from 'bpmn-moddle';
import { caughtVariableAttributes, readCaughtVariables } from '../parse/readCaughtVariables';
import { readTrigger } from '../parse/readTrigger';
import { elementError } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/** The triggers an event sub-process's start event may wait for. */
const eventSubProcessTriggers: readonly string[] = [
  'bpmn:MessageEventDefinition',
  'bpmn:TimerEventDefinition',
  'bpmn:SignalEventDefinition',
  'bpmn:ErrorEventDefinition',
  'bpmn:EscalationEventDefinition',
];

/** Whether the start event is the one of an event sub-process (`triggeredByEvent`). */
function startsEventSubProcess(element: ModdleNode): boolean {
  const parent = element.$parent as ModdleNode | undefined;
  return parent?.$type === 'bpmn:SubProcess' && parent.triggeredByEvent === true;
}

/**
 * A start event: the none start event where a token is born, or a message or signal start
 * event (process level only): a correlated message nobody waits for, or any signal sent or
 * thrown in the tenant, starts the process there. In an event sub-process, the event
 * (message, timer, signal, error or escalation) that starts it while its scope runs.
 */
export const startEvent: ElementModule<'startEvent'> = {
  kind: 'startEvent',
  role: { noIncoming: 'a start event cannot have incoming flows' },
  // `initiator` and `formKey` are process settings, read from the start event by the parser.
  attributes: new Set(['initiator', 'formKey']),
  eventDefinitions: (scope, element) => {
    if (startsEventSubProcess(element)) return eventSubProcessTriggers;
    return scope === null ? ['bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition'] : [];
  },
  definitionAttributes: (definition) => caughtVariableAttributes(definition),
  read(element, { base, definition }, context) {
    const trigger = definition ? readTrigger(element, definition, context) : undefined;
    if (startsEventSubProcess(element)) {
      // Without a definition the event sub-process refuses it (it names the sub-process).
      if (definition === undefined || trigger === undefined) return { ...base, kind: 'startEvent' };
      const interrupting = element.isInterrupting !== false;
      if (trigger.type === 'error' && !interrupting) {
        context.errors.push(elementError(element, 'an error start event always interrupts'));
      }
      return {
        ...base,
        kind: 'startEvent',
        eventSubProcess: {
          trigger,
          interrupting,
          ...readCaughtVariables(element, definition, context),
        },
      };
    }
    if (trigger?.type === 'signal' && trigger.scope === 'processInstance') {
      context.errors.push(
        elementError(
          element,
          `signal '${trigger.signalName}' has the scope processInstance, so no signal could start the process`,
        ),
      );
    }
    return {
      ...base,
      kind: 'startEvent',
      messageName: trigger?.type === 'message' ? trigger.messageName : null,
      ...(trigger?.type === 'signal' ? { signalName: trigger.signalName } : {}),
    };
  },
  // A token born here (or at an event sub-process's start) takes the one flow out.
  enter: async (node, token, run) => {
    run.queue(run.follow(token, run.single(node.outgoing)));
  },
  // An event sub-process's start waits on its scope (the instance id at the process level).
  caught: async (node, executionId, run) =>
    node.eventSubProcess ? run.fireEventSubProcess(executionId, node) : false,
};
