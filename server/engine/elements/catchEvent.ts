import { readTrigger } from '../parse/readTrigger';
import { elementError } from '../parse/moddleNodes';
import type { ProcessNode } from '../processModel';
import type { ElementModule } from './elementModule';

/** Whether the node is the catch event of a link, which a token reaches by a jump, not a flow. */
function isLinkCatch(node: ProcessNode): boolean {
  return node.kind === 'catchEvent' && node.trigger.type === 'link';
}

/**
 * An intermediate catch event: the token waits for a timer, a message or a signal. A link
 * catch event is where a link throw event of its name leads, in the same scope: no flow
 * comes in and the token passes at once.
 */
export const catchEvent: ElementModule<'catchEvent'> = {
  kind: 'catchEvent',
  role: {
    waits: (node) => !isLinkCatch(node),
    noIncoming: (node) =>
      isLinkCatch(node)
        ? 'a link catch event cannot have incoming flows: its path starts where a link throw event of its name leads'
        : undefined,
  },
  eventDefinitions: () => [
    'bpmn:TimerEventDefinition',
    'bpmn:MessageEventDefinition',
    'bpmn:SignalEventDefinition',
    'bpmn:LinkEventDefinition',
  ],
  read(element, { base, definition }, context) {
    if (definition === undefined) {
      context.errors.push(
        elementError(element, 'needs a timer, message, signal or link event definition'),
      );
      return undefined;
    }
    const trigger = readTrigger(element, definition, context);
    if (trigger === undefined) return undefined;
    return { ...base, kind: 'catchEvent', trigger };
  },
  async enter(node, token, run) {
    // A link catch event is where its throw event's token goes on: nothing to wait for.
    if (node.trigger.type === 'link') {
      run.queue(run.follow(token, run.single(node.outgoing)));
      return;
    }
    await run.park(token, 'active');
    await run.arm(token, node.id, node.trigger);
  },
  async caught(node, executionId, run) {
    const row = await run.execution(executionId);
    if (row === undefined) return false;
    // At an event-based gateway the token waits on the gateway for each event after it.
    const fromGateway = node.incoming.find(
      (flowId) => run.model.flows[flowId]?.source === row.element_id,
    );
    const gateway = fromGateway === undefined ? undefined : run.node(row.element_id);
    if (row.element_id !== node.id && gateway?.kind !== 'eventBasedGateway') return false;
    // The first event wins: the others' timers and waits go with the gateway's.
    await run.disarm(row.id);
    await run.history('eventCaught', {
      elementId: node.id,
      type: node.trigger.type,
      ...(gateway === undefined ? {} : { eventGateway: gateway.id }),
    });
    const token = run.tokenOf(row);
    if (fromGateway !== undefined && gateway !== undefined) {
      await run.park({ ...token, nodeId: node.id, via: fromGateway }, 'active');
    }
    run.queue(run.follow(token, run.single(node.outgoing)));
    return true;
  },
};
