import type { ModdleNode } from 'bpmn-moddle';
import { caughtVariableAttributes, readCaughtVariables } from '../parse/readCaughtVariables';
import { readTrigger } from '../parse/readTrigger';
import { elementError, text } from '../parse/moddleNodes';
import type { ElementModule } from './elementModule';
import { externalBinding } from './readExternalTask';

/**
 * An event on the border of a user task, sub-process or call activity: a timer, message,
 * signal or escalation (interrupting or not) or a caught error leads out of the activity.
 * A compensation boundary event (on an external service task too) leads nowhere: its
 * association names the handler that undoes the completed activity. A cancel boundary event
 * on a transaction is where its cancel end event leaves it.
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
    'bpmn:CompensateEventDefinition',
    'bpmn:CancelEventDefinition',
  ],
  definitionAttributes: caughtVariableAttributes,
  jumps: (node) =>
    node.kind === 'boundaryEvent' && node.trigger.type === 'compensation' && node.trigger.handler
      ? [node.trigger.handler]
      : [],
  read(element, { base, definition }, context) {
    const { errors } = context;
    if (definition === undefined) {
      errors.push(
        elementError(
          element,
          'needs a timer, message, signal, error, escalation, compensation or cancel event definition',
        ),
      );
      return undefined;
    }
    const trigger = readTrigger(element, definition, context);
    if (trigger === undefined) return undefined;
    const attached = element.attachedToRef as ModdleNode | undefined;
    const attachedTo = attached ? text(attached, 'id') : null;
    // A compensation handler may undo an external task's work, though nothing else is
    // caught on one.
    const compensable =
      trigger.type === 'compensation' &&
      attached?.$type === 'bpmn:ServiceTask' &&
      externalBinding(attached, context) !== undefined;
    if (
      attached === undefined ||
      attachedTo === null ||
      (!context.isScopedActivity(attached.$type) && !compensable)
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
    const waitingTask = attached.$type === 'bpmn:UserTask' || attached.$type === 'bpmn:ReceiveTask';
    const taskName = attached.$type === 'bpmn:UserTask' ? 'a user task' : 'a receive task';
    if (trigger.type === 'error' && waitingTask) {
      errors.push(elementError(element, `${taskName} throws no errors to catch`));
    }
    if (trigger.type === 'escalation' && waitingTask) {
      errors.push(elementError(element, `${taskName} raises no escalations to catch`));
    }
    if (trigger.type === 'cancel' && attached.$type !== 'bpmn:Transaction') {
      errors.push(
        elementError(
          element,
          'a cancel boundary event sits on a transaction only: nothing else is cancelled',
        ),
      );
    }
    if (trigger.type === 'compensation' && attached.$type === 'bpmn:ReceiveTask') {
      errors.push(
        elementError(
          element,
          'a compensation boundary event sits on a user task, external service task, sub-process or call activity',
        ),
      );
    }
    const cancelActivity = element.cancelActivity !== false;
    if (trigger.type === 'error' && !cancelActivity) {
      errors.push(elementError(element, 'an error boundary event always interrupts'));
    }
    if (trigger.type === 'cancel' && !cancelActivity) {
      errors.push(elementError(element, 'a cancel boundary event always interrupts'));
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
  check(node, { outs, fail }) {
    if (node.trigger.type === 'compensation' && outs.length > 0) {
      fail(
        'a compensation boundary event cannot have outgoing flows: its handler is joined to it by an association',
      );
    }
  },
  // The runner fires it (fireBoundary) onto its own execution, which then takes its flow.
  enter: async (node, token, run) => {
    run.queue(run.follow(token, run.single(node.outgoing)));
  },
  async caught(node, executionId, run) {
    const row = await run.execution(executionId);
    if (row === undefined || row.element_id !== node.attachedTo) return false;
    await run.fireBoundary(node, row);
    return true;
  },
};
