import type { ElementModule } from './elementModule';
import { checkDefaultFlow, readDefaultFlow } from './gatewayFlows';
import { conditionHolds } from '../expressions/compiledCondition';
import { ProcessExecutionError } from '../engineErrors';
import type { InclusiveGatewayNode } from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

/**
 * Forks onto every outgoing flow whose condition holds (a flow without one always, as in
 * Flowable), else the default; a join waits until no other token of its scope can reach it.
 */
export const inclusiveGateway: ElementModule<'inclusiveGateway'> = {
  kind: 'inclusiveGateway',
  role: { gateway: true, conditions: true },
  read(element, { base }) {
    return { ...base, kind: 'inclusiveGateway', defaultFlow: readDefaultFlow(element) };
  },
  check: checkDefaultFlow,
  async enter(node, token, run) {
    if (node.incoming.length > 1) {
      await run.park(token, 'waiting');
      return; // the runner releases the join once nothing else can arrive
    }
    await forkInclusive(node, token, run);
  },
};

/**
 * The fork of an inclusive gateway (and a released join's): every flow whose condition
 * holds (a flow without one always), else the default flow.
 */
export async function forkInclusive(
  node: InclusiveGatewayNode,
  token: Token,
  run: RunContext,
): Promise<void> {
  const variables = await run.scopeVariables(token.parentId, null);
  const taken = node.outgoing.filter((flowId) => {
    if (flowId === node.defaultFlow) return false;
    const condition = run.model.flows[flowId]?.condition ?? null;
    return condition === null || conditionHolds(condition, variables, run.at);
  });
  if (taken.length === 0 && node.defaultFlow !== null) taken.push(node.defaultFlow);
  if (taken.length === 0) {
    throw new ProcessExecutionError(
      `inclusive gateway '${node.id}': no outgoing flow's condition holds and there is no default flow`,
    );
  }
  run.queue(...(await run.fork(node, token, taken)));
}
