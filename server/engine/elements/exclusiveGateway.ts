import type { ElementModule } from './elementModule';
import { checkDefaultFlow, readDefaultFlow } from './gatewayFlows';

/** Takes the first outgoing flow (document order) whose condition holds, else the default. */
export const exclusiveGateway: ElementModule<'exclusiveGateway'> = {
  kind: 'exclusiveGateway',
  role: { gateway: true, conditions: true },
  read(element, { base }) {
    return { ...base, kind: 'exclusiveGateway', defaultFlow: readDefaultFlow(element) };
  },
  check(node, graph) {
    checkDefaultFlow(node, graph);
    // Every flow but the default needs a condition, or the choice would not be one.
    if (graph.outs.length > 1) {
      for (const flow of graph.outs) {
        if (flow.condition === null && flow.id !== node.defaultFlow) {
          graph.fail(`outgoing flow '${flow.id}' needs a condition or must be the default flow`);
        }
      }
    }
  },
};
