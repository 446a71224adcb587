import { readTrigger } from '../parse/readTrigger';
import { elementError } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/** An intermediate catch event: the token waits for a timer or a message. */
export const catchEvent: ElementModule<'catchEvent'> = {
  kind: 'catchEvent',
  role: { waits: true },
  eventDefinitions: () => ['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition'],
  read(element, { base, definition }, { errors }) {
    if (definition === undefined) {
      errors.push(elementError(element, 'needs a timer, message or error event definition'));
      return undefined;
    }
    const trigger = readTrigger(element, definition, errors);
    if (trigger === undefined) return undefined;
    return { ...base, kind: 'catchEvent', trigger };
  },
};
