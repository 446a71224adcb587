import { readTrigger } from '../parse/readTrigger';
import { elementError } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/** An intermediate catch event: the token waits for a timer, a message or a signal. */
export const catchEvent: ElementModule<'catchEvent'> = {
  kind: 'catchEvent',
  role: { waits: true },
  eventDefinitions: () => [
    'bpmn:TimerEventDefinition',
    'bpmn:MessageEventDefinition',
    'bpmn:SignalEventDefinition',
  ],
  read(element, { base, definition }, context) {
    if (definition === undefined) {
      context.errors.push(
        elementError(element, 'needs a timer, message or signal event definition'),
      );
      return undefined;
    }
    const trigger = readTrigger(element, definition, context);
    if (trigger === undefined) return undefined;
    return { ...base, kind: 'catchEvent', trigger };
  },
};
