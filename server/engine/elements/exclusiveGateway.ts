import type { ElementModule } from './elementModule';
import { checkDefaultFlow, readDefaultFlow } from './gatewayFlows';
import { conditionHolds } from '../expressions/compiledCondition';
import { ProcessExecutionError } from '../engineErrors';
import type { ExclusiveGatewayNode } from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

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
  async enter(node, token, run) {
    run.queue(run.follow(token, await choose(node, token, run)));
  },
};

/** Takes the first flow, in document order, whose condition holds; else the default. */
async function choose(node: ExclusiveGatewayNode, token: Token, run: RunContext): Promise<string> {
  const variables = await run.scopeVariables(token.parentId, null);
  for (const flowId of node.outgoing) {
    if (flowId === node.defaultFlow) continue;
    const condition = run.model.flows[flowId]?.condition ?? null;
    if (condition === null || conditionHolds(condition, variables, run.at)) {
      return flowId;
    }
  }
  if (node.defaultFlow !== null) return node.defaultFlow;
  throw new ProcessExecutionError(
    `exclusive gateway '${node.id}': no outgoing flow's condition holds and there is no default flow`,
  );
}
