import { elementOf } from '../elements';
import type { ProcessNode } from '../processModel';

/**
 * Whether the node is an activity no sequence flow leaves, where a token's path ends as at
 * a none end event (BPMN's implicit end). Events and gateways without one stay refused at
 * deploy: a start event that leads nowhere or a gateway choosing among nothing is a mistake.
 */
export function endsImplicitly(node: ProcessNode): boolean {
  return elementOf(node.kind).role.activity === true && node.outgoing.length === 0;
}
