import { readTrigger } from '../parse/readTrigger';
import type { ElementModule } from './elementModule';

/**
 * A start event: the none start event where a token is born, or a message start event
 * (process level only) that a correlated message nobody waits for starts the process at.
 */
export const startEvent: ElementModule<'startEvent'> = {
  kind: 'startEvent',
  role: { noIncoming: 'a start event cannot have incoming flows' },
  // `initiator` and `formKey` are process settings, read from the start event by the parser.
  attributes: new Set(['initiator', 'formKey']),
  eventDefinitions: (scope) => (scope === null ? ['bpmn:MessageEventDefinition'] : []),
  read(element, { base, definition }, { errors }) {
    const trigger = definition ? readTrigger(element, definition, errors) : undefined;
    return {
      ...base,
      kind: 'startEvent',
      messageName: trigger?.type === 'message' ? trigger.messageName : null,
    };
  },
};
