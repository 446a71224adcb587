import type { ModdleNode } from 'bpmn-moddle';
import type { Reading } from '../parse/checkExtensions';
import { readThrownCompensation, readThrownEscalation, readTrigger } from '../parse/readTrigger';
import { checkTemplate, elementError, text } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';
import { messageThrowAttributes, refuseMessageThrow } from './messageThrow';
import { enterEndEvent } from './endEvent.run';

/** The extension attributes read on a terminate event definition. */
const terminateAttributes: ReadonlySet<string> = new Set([
  'terminateAll',
  'terminateMultiInstance',
]);

/**
 * An end event: a none end event consumes the token; a terminate end event ends its scope
 * (or further); an error end event throws to the nearest catching boundary event; a signal
 * end event broadcasts its signal, an escalation end event raises its escalation, as its
 * path ends. A compensation end event runs its scope's compensation handlers before the path
 * ends; a cancel end event (in a transaction only, checked in resolveCompensation) compensates
 * the transaction and leaves it over its cancel boundary event. A message end event is
 * refused by name (messageThrow.ts).
 */
export const endEvent: ElementModule<'endEvent'> = {
  kind: 'endEvent',
  role: { end: true },
  eventDefinitions: () => [
    'bpmn:TerminateEventDefinition',
    'bpmn:ErrorEventDefinition',
    'bpmn:SignalEventDefinition',
    'bpmn:EscalationEventDefinition',
    'bpmn:CompensateEventDefinition',
    'bpmn:CancelEventDefinition',
    'bpmn:MessageEventDefinition',
  ],
  definitionAttributes: (definition) => {
    if (definition.$type === 'bpmn:TerminateEventDefinition') return terminateAttributes;
    if (definition.$type === 'bpmn:MessageEventDefinition') return messageThrowAttributes;
    return undefined;
  },
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
    if (definition?.$type === 'bpmn:MessageEventDefinition') {
      return refuseMessageThrow(element, definition, context);
    }
    if (definition?.$type === 'bpmn:CompensateEventDefinition') {
      return { ...base, kind: 'endEvent', compensation: readThrownCompensation(definition) };
    }
    if (definition?.$type === 'bpmn:CancelEventDefinition') {
      return { ...base, kind: 'endEvent', cancel: true };
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
  enter: enterEndEvent,
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
