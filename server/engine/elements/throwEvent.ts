import { readTrigger } from '../parse/readTrigger';
import type { ElementModule } from './elementModule';

/**
 * An intermediate throw event: a signal event broadcasts its signal and the token goes on;
 * a none throw event (a milestone on the path) lets the token pass, as in Flowable.
 */
export const throwEvent: ElementModule<'throwEvent'> = {
  kind: 'throwEvent',
  role: {},
  eventDefinitions: () => ['bpmn:SignalEventDefinition'],
  read(element, { base, definition }, context) {
    if (definition === undefined) return { ...base, kind: 'throwEvent' };
    const trigger = readTrigger(element, definition, context);
    if (trigger?.type !== 'signal') return undefined;
    const { signalName, scope } = trigger;
    return { ...base, kind: 'throwEvent', signal: { signalName, scope } };
  },
};
