import { elementError } from '../parse/moddleNodes';
import type { EventTrigger } from '../processModel';
import { bpmnTypeOf } from './bpmnTypeOf';
import type { ElementModule } from './elementModule';

/** What an intermediate catch event after an event-based gateway may wait for. */
const raceableTriggers: ReadonlySet<EventTrigger['type']> = new Set(['timer', 'message', 'signal']);

/**
 * An event-based gateway: the token waits at it for the first of the intermediate catch
 * events its flows lead to; that event's path is taken and the others' timers and waits
 * are removed. An instantiating one (a process started by the first of several events) is
 * refused: the process starts at a message start event instead.
 */
export const eventBasedGateway: ElementModule<'eventBasedGateway'> = {
  kind: 'eventBasedGateway',
  role: { gateway: true, waits: true },
  read(element, { base }, { errors }) {
    if (element.instantiate === true) {
      errors.push(
        elementError(
          element,
          'an instantiating event-based gateway (instantiate="true") is not supported; start the process with a message start event',
        ),
      );
    }
    if (element.eventGatewayType === 'Parallel') {
      errors.push(
        elementError(
          element,
          'eventGatewayType="Parallel" is not supported: the first event wins and the others are dropped',
        ),
      );
    }
    return { ...base, kind: 'eventBasedGateway' };
  },
  check(node, { nodes, outs, fail }) {
    // As BPMN 2.0 says: the gateway's flows lead to catch events, each reached from it only.
    for (const flow of outs) {
      const target = nodes.get(flow.target);
      if (target === undefined) continue;
      if (target.kind !== 'catchEvent' || !raceableTriggers.has(target.trigger.type)) {
        const what =
          target.kind === 'catchEvent'
            ? `a ${target.trigger.type} catch event`
            : `${bpmnTypeOf(target)} '${target.id}'`;
        fail(
          `its flow '${flow.id}' leads to ${what}; an event-based gateway may lead only to intermediate catch events of a timer, a message or a signal`,
        );
      } else if (target.incoming.length > 1) {
        fail(
          `${bpmnTypeOf(target)} '${target.id}' after it has other incoming flows; an event after an event-based gateway is reached from the gateway only`,
        );
      }
    }
  },
  async enter(node, token, run) {
    // The token waits here for the first of the events its flows lead to.
    await run.park(token, 'active');
    for (const flowId of node.outgoing) {
      const target = run.node(run.model.flows[flowId]?.target ?? '');
      if (target.kind === 'catchEvent') await run.arm(token, target.id, target.trigger);
    }
  },
};
