import type { ModdleNode } from 'bpmn-moddle';
import type { Reading } from '../parse/checkExtensions';
import { readThrownEscalation, readTrigger } from '../parse/readTrigger';
import { checkTemplate, elementError, text } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';

/** The extension attributes read on a terminate event definition. */
const terminateAttributes: ReadonlySet<string> = new Set([
  'terminateAll',
  'terminateMultiInstance',
]);

/**
 * An end event: a none end event consumes the token; a terminate end event ends its scope
 * (or further); an error end event throws to the nearest catching boundary event; a signal
 * end event broadcasts its signal, an escalation end event raises its escalation, as its
 * path ends.
 */
export const endEvent: ElementModule<'endEvent'> = {
  kind: 'endEvent',
  role: { end: true },
  eventDefinitions: () => [
    'bpmn:TerminateEventDefinition',
    'bpmn:ErrorEventDefinition',
    'bpmn:SignalEventDefinition',
    'bpmn:EscalationEventDefinition',
  ],
  definitionAttributes: (definition) =>
    definition.$type === 'bpmn:TerminateEventDefinition' ? terminateAttributes : undefined,
  read(element, { base, definition }, context) {
    const { errors } = context;
    if (definition?.$type === 'bpmn:TerminateEventDefinition') {
      return {
        ...base,
        kind: 'endEvent',
        terminate: true,
        ...readTerminate(element, definition, context),
      };
    }
    if (definition?.$type === 'bpmn:SignalEventDefinition') {
      const trigger = readTrigger(element, definition, context);
      if (trigger?.type !== 'signal') return undefined;
      const { signalName, scope } = trigger;
      return { ...base, kind: 'endEvent', signal: { signalName, scope } };
    }
    if (definition?.$type === 'bpmn:EscalationEventDefinition') {
      const escalation = readThrownEscalation(element, definition, context);
      return escalation ? { ...base, kind: 'endEvent', escalation } : undefined;
    }
    if (definition !== undefined) {
      const trigger = readTrigger(element, definition, context);
      const errorMessage = thrownErrorMessage(definition);
      checkTemplate(element, 'camunda:errorMessage', errorMessage, errors);
      return {
        ...base,
        kind: 'endEvent',
        throwsError: true,
        errorCode: trigger?.type === 'error' ? trigger.errorCode : null,
        ...(errorMessage === null ? {} : { errorMessage }),
      };
    }
    return { ...base, kind: 'endEvent' };
  },
};

/**
 * `terminateAll` (Flowable, Activiti) ends the whole instance, and the instances that called
 * it, wherever the end event lies; `terminateMultiInstance` (Flowable) ends every item of
 * the nearest enclosing multi-instance activity, which then completes.
 */
function readTerminate(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): { terminateAll?: true; terminateMultiInstance?: true } {
  const flag = (local: string): boolean => {
    const attribute = read.extensions.attribute(definition, local, (message) => {
      read.errors.push(elementError(element, message));
    });
    if (attribute === null) return false;
    if (attribute.value !== 'true' && attribute.value !== 'false') {
      read.errors.push(
        elementError(
          element,
          `${attribute.qualified} must be 'true' or 'false', not '${attribute.value}'`,
        ),
      );
    }
    return attribute.value === 'true';
  };
  const all = flag('terminateAll');
  const multiInstance = flag('terminateMultiInstance');
  // As in Flowable, terminateAll wins: it ends the multi-instance activity too.
  if (all) return { terminateAll: true };
  return multiInstance ? { terminateMultiInstance: true } : {};
}

/**
 * The message of the error an error end event throws: Camunda's `camunda:errorMessage` on
 * the declared `<error>` (text or `${...}`, rendered when thrown), or null.
 */
function thrownErrorMessage(definition: ModdleNode): string | null {
  const error = definition.errorRef as ModdleNode | undefined;
  return error ? text(error, 'errorMessage') : null;
}
