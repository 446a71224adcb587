import type { ElementModule } from './elementModule';
import type { ParallelGatewayNode } from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

/** Forks onto every outgoing flow; with several incoming flows it joins one token of each. */
export const parallelGateway: ElementModule<'parallelGateway'> = {
  kind: 'parallelGateway',
  role: { gateway: true },
  read(_element, { base }) {
    return { ...base, kind: 'parallelGateway' };
  },
  async enter(node, token, run) {
    run.queue(...(await parallel(node, token, run)));
  },
};

/** Joins (when several flows lead in) and forks (onto every outgoing flow). */
async function parallel(
  node: ParallelGatewayNode,
  token: Token,
  run: RunContext,
): Promise<Token[]> {
  let continuing = token;
  // 1. Join: the token waits here until one token has arrived over each incoming flow.
  if (node.incoming.length > 1) {
    await run.park(token, 'waiting');
    const waiting = await run.waitingAt(node.id, token.parentId);
    const arrivals = node.incoming.map((flowId) =>
      waiting.find((row) => row.arrived_via === flowId),
    );
    if (arrivals.some((row) => row === undefined)) return [];
    // 2. All there: one token per incoming flow is consumed; the first carries on.
    const consumed = arrivals.flatMap((row) => (row === undefined ? [] : [row.id]));
    const [first, ...others] = consumed;
    if (first === undefined) return [];
    await run.deleteExecutions(others);
    continuing = { id: first, nodeId: node.id, via: null, parentId: token.parentId };
    await run.park(continuing, 'active');
  }
  // 3. Fork: the carrying token takes the first flow, new tokens the others.
  return run.fork(node, continuing, node.outgoing);
}
