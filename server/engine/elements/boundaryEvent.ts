import type { ModdleNode } from 'bpmn-moddle';
import { caughtVariableAttributes, readCaughtVariables } from '../parse/readCaughtVariables';
import { readTrigger } from '../parse/readTrigger';
import { elementError, text } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/**
 * An event on the border of a user task, sub-process or call activity: a timer, message,
 * signal or escalation (interrupting or not) or a caught error leads out of the activity.
 */
export const boundaryEvent: ElementModule<'boundaryEvent'> = {
  kind: 'boundaryEvent',
  role: { noIncoming: 'a boundary event cannot have incoming flows' },
  eventDefinitions: () => [
    'bpmn:TimerEventDefinition',
    'bpmn:MessageEventDefinition',
    'bpmn:SignalEventDefinition',
    'bpmn:ErrorEventDefinition',
    'bpmn:EscalationEventDefinition',
  ],
  definitionAttributes: caughtVariableAttributes,
  read(element, { base, definition }, context) {
    const { errors } = context;
    if (definition === undefined) {
      errors.push(
        elementError(
          element,
          'needs a timer, message, signal, error or escalation event definition',
        ),
      );
      return undefined;
    }
    const trigger = readTrigger(element, definition, context);
    if (trigger === undefined) return undefined;
    const attached = element.attachedToRef as ModdleNode | undefined;
    const attachedTo = attached ? text(attached, 'id') : null;
    if (
      attached === undefined ||
      attachedTo === null ||
      !context.isScopedActivity(attached.$type)
    ) {
      errors.push(
        elementError(
          element,
          'a boundary event must sit on a user task, sub-process or call activity',
        ),
      );
      return undefined;
    }
    if (attached.triggeredByEvent === true) {
      errors.push(
        elementError(
          element,
          'an event sub-process carries no boundary events: its start event is its trigger',
        ),
      );
      return undefined;
    }
    if (trigger.type === 'error' && attached.$type === 'bpmn:UserTask') {
      errors.push(elementError(element, 'a user task throws no errors to catch'));
    }
    if (trigger.type === 'escalation' && attached.$type === 'bpmn:UserTask') {
      errors.push(elementError(element, 'a user task raises no escalations to catch'));
    }
    const cancelActivity = element.cancelActivity !== false;
    if (trigger.type === 'error' && !cancelActivity) {
      errors.push(elementError(element, 'an error boundary event always interrupts'));
    }
    return {
      ...base,
      kind: 'boundaryEvent',
      attachedTo,
      cancelActivity,
      trigger,
      ...readCaughtVariables(element, definition, context),
    };
  },
};
