import type { ProcessNode } from '../processModel';

/** Activities: BPMN ends the path of one that no flow leaves (an implicit end). */
const activityKinds: ReadonlySet<ProcessNode['kind']> = new Set([
  'userTask',
  'serviceTask',
  'noopTask',
  'subProcess',
  'callActivity',
]);

/**
 * Whether the node is an activity no sequence flow leaves, where a token's path ends as at
 * a none end event (BPMN's implicit end). Events and gateways without one stay refused at
 * deploy: a start event that leads nowhere or a gateway choosing among nothing is a mistake.
 */
export function endsImplicitly(node: ProcessNode): boolean {
  return activityKinds.has(node.kind) && node.outgoing.length === 0;
}
