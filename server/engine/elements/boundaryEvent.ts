import type { ModdleNode } from 'bpmn-moddle';
import { isForbiddenName } from '../expressions/parseExpression';
import type { Reading } from '../parse/checkExtensions';
import { readTrigger } from '../parse/readTrigger';
import { elementError, text } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/** What an error event definition carries that the engine reads, on an error boundary event only. */
const errorVariableAttributes: ReadonlySet<string> = new Set([
  'errorCodeVariable',
  'errorMessageVariable',
]);

/**
 * An event on the border of a user task, sub-process or call activity: a timer, message or
 * signal (interrupting or not) or a caught error leads out of the activity.
 */
export const boundaryEvent: ElementModule<'boundaryEvent'> = {
  kind: 'boundaryEvent',
  role: { noIncoming: 'a boundary event cannot have incoming flows' },
  eventDefinitions: () => [
    'bpmn:TimerEventDefinition',
    'bpmn:MessageEventDefinition',
    'bpmn:SignalEventDefinition',
    'bpmn:ErrorEventDefinition',
  ],
  definitionAttributes: (definition) =>
    definition.$type === 'bpmn:ErrorEventDefinition' ? errorVariableAttributes : undefined,
  read(element, { base, definition }, context) {
    const { errors } = context;
    if (definition === undefined) {
      errors.push(
        elementError(element, 'needs a timer, message, signal or error event definition'),
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
    if (trigger.type === 'error' && attached.$type === 'bpmn:UserTask') {
      errors.push(elementError(element, 'a user task throws no errors to catch'));
    }
    const cancelActivity = element.cancelActivity !== false;
    if (trigger.type === 'error' && !cancelActivity) {
      errors.push(elementError(element, 'an error boundary event always interrupts'));
    }
    const errorVariables =
      trigger.type === 'error' ? readErrorVariables(element, definition, context) : {};
    return {
      ...base,
      kind: 'boundaryEvent',
      attachedTo,
      cancelActivity,
      trigger,
      ...errorVariables,
    };
  },
};

/**
 * `errorCodeVariable` and `errorMessageVariable` on an error boundary event's definition
 * (Camunda; read in each dialect): the process variables that receive the caught error's
 * code and message.
 */
function readErrorVariables(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): { errorCodeVariable?: string; errorMessageVariable?: string } {
  const found: { errorCodeVariable?: string; errorMessageVariable?: string } = {};
  for (const local of ['errorCodeVariable', 'errorMessageVariable'] as const) {
    const attribute = read.extensions.attribute(definition, local, (message) => {
      read.errors.push(elementError(element, message));
    });
    if (attribute === null) continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(attribute.value) || isForbiddenName(attribute.value)) {
      read.errors.push(
        elementError(
          element,
          `${attribute.qualified} '${attribute.value}' is not a usable variable name`,
        ),
      );
      continue;
    }
    found[local] = attribute.value;
  }
  return found;
}
