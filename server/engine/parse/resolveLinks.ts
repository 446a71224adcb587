import type { DeployError } from '../engineErrors';
import { nodeError } from '../elements/bpmnTypeOf';
import type { ProcessNode } from '../processModel';

/**
 * Pairs each link throw event with the link catch event of its name in the same process
 * or sub-process, as BPMN 2.0 pairs them: a throw with no such catch, and a name caught
 * twice in one scope, are refused, since the token would not know where to go on.
 */
export function resolveLinks(nodes: Map<string, ProcessNode>, errors: DeployError[]): void {
  const refuse = (node: ProcessNode, message: string): void => {
    errors.push(nodeError(node, message));
  };
  const where = (scope: string | null): string =>
    scope === null ? 'the process' : `sub-process '${scope}'`;
  // 1. The catch events by scope and link name, each name once.
  const catches = new Map<string, string>();
  for (const node of nodes.values()) {
    if (node.kind !== 'catchEvent' || node.trigger.type !== 'link') continue;
    const key = `${node.scope ?? ''}\u0000${node.trigger.linkName}`;
    const first = catches.get(key);
    if (first === undefined) {
      catches.set(key, node.id);
    } else {
      refuse(
        node,
        `link '${node.trigger.linkName}' is caught twice in ${where(node.scope ?? null)} (also by '${first}'); a link throw event could not tell where to go on`,
      );
    }
  }
  // 2. Each throw event's catch event.
  for (const node of [...nodes.values()]) {
    if (node.kind !== 'throwEvent' || node.link === undefined) continue;
    const scope = node.scope ?? null;
    const target = catches.get(`${scope ?? ''}\u0000${node.link.linkName}`);
    if (target === undefined) {
      refuse(
        node,
        `no intermediate catch event of link '${node.link.linkName}' lies in ${where(scope)}; a link goes on at the catch event of its name in its own scope`,
      );
      continue;
    }
    nodes.set(node.id, { ...node, link: { ...node.link, target } });
  }
}
