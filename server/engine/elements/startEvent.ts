import { readTrigger } from '../parse/readTrigger';
import { elementError } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/**
 * A start event: the none start event where a token is born, or a message or signal start
 * event (process level only): a correlated message nobody waits for, or any signal sent or
 * thrown in the tenant, starts the process there.
 */
export const startEvent: ElementModule<'startEvent'> = {
  kind: 'startEvent',
  role: { noIncoming: 'a start event cannot have incoming flows' },
  // `initiator` and `formKey` are process settings, read from the start event by the parser.
  attributes: new Set(['initiator', 'formKey']),
  eventDefinitions: (scope) =>
    scope === null ? ['bpmn:MessageEventDefinition', 'bpmn:SignalEventDefinition'] : [],
  read(element, { base, definition }, context) {
    const trigger = definition ? readTrigger(element, definition, context) : undefined;
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
};
