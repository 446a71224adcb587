import { readThrownCompensation, readThrownEscalation, readTrigger } from '../parse/readTrigger';
import type { ElementModule } from './elementModule';
import { messageThrowAttributes, refuseMessageThrow } from './messageThrow';

/**
 * An intermediate throw event: a signal event broadcasts its signal and the token goes on;
 * an escalation event raises its escalation to the nearest catcher around it and the token
 * goes on (unless an interrupting catcher cancelled it);
 * a link event takes the token to the link catch event of its name in the same scope (the
 * way modellers cut a long diagram into pages); a compensation event runs the handlers of
 * the activities its scope completed (see runner/compensation.ts); a none throw event (a
 * milestone on the path) lets the token pass, as in Flowable. A message throw event is
 * refused by name (messageThrow.ts).
 */
export const throwEvent: ElementModule<'throwEvent'> = {
  kind: 'throwEvent',
  role: {},
  eventDefinitions: () => [
    'bpmn:SignalEventDefinition',
    'bpmn:LinkEventDefinition',
    'bpmn:EscalationEventDefinition',
    'bpmn:CompensateEventDefinition',
    'bpmn:MessageEventDefinition',
  ],
  definitionAttributes: (definition) =>
    definition.$type === 'bpmn:MessageEventDefinition' ? messageThrowAttributes : undefined,
  jumps: (node) => (node.kind === 'throwEvent' && node.link ? [node.link.target] : []),
  read(element, { base, definition }, context) {
    if (definition === undefined) return { ...base, kind: 'throwEvent' };
    if (definition.$type === 'bpmn:MessageEventDefinition') {
      return refuseMessageThrow(element, definition, context);
    }
    if (definition.$type === 'bpmn:CompensateEventDefinition') {
      return { ...base, kind: 'throwEvent', compensation: readThrownCompensation(definition) };
    }
    if (definition.$type === 'bpmn:EscalationEventDefinition') {
      const escalation = readThrownEscalation(element, definition, context);
      return escalation ? { ...base, kind: 'throwEvent', escalation } : undefined;
    }
    const trigger = readTrigger(element, definition, context);
    if (trigger?.type === 'link') {
      // The target is found once every node is read (resolveLinks).
      return { ...base, kind: 'throwEvent', link: { linkName: trigger.linkName, target: '' } };
    }
    if (trigger?.type !== 'signal') return undefined;
    const { signalName, scope } = trigger;
    return { ...base, kind: 'throwEvent', signal: { signalName, scope } };
  },
  check(node, { outs, fail }) {
    if (node.link && outs.length > 0) {
      fail(
        'a link throw event cannot have outgoing flows: the path goes on at the link catch event of its name',
      );
    }
  },
  async enter(node, token, run) {
    if (node.link) {
      await run.history('linkFollowed', {
        elementId: node.id,
        linkName: node.link.linkName,
        target: node.link.target,
      });
      run.queue({ ...token, nodeId: node.link.target, via: null });
      return;
    }
    if (node.signal) await run.throwSignal(node.id, node.signal);
    if (node.escalation) await run.raise(token, node.id, node.escalation);
    if (node.compensation && (await run.compensate(token, node.id, node.compensation))) {
      return; // the token goes on once the handlers have finished
    }
    // An interrupting catcher of its own signal or escalation has ended this path.
    if (!run.isRemoved(token.id)) await run.moveOn(token, node);
  },
};
