import type { ModdleNode } from 'bpmn-moddle';
import { text } from '../parse/moddleNodes';
import type { GraphCheck } from './elementModule';

/** The id of a gateway's `default` flow, or null. */
export function readDefaultFlow(element: ModdleNode): string | null {
  const defaultFlow = element.default as ModdleNode | undefined;
  return defaultFlow ? text(defaultFlow, 'id') : null;
}

/** A gateway's default flow must leave it and carry no condition. */
export function checkDefaultFlow(
  node: { readonly id: string; readonly defaultFlow: string | null },
  { flows, fail }: GraphCheck,
): void {
  if (node.defaultFlow === null) return;
  const defaultFlow = flows.get(node.defaultFlow);
  if (defaultFlow === undefined || defaultFlow.source !== node.id) {
    fail(`the default flow '${node.defaultFlow}' does not leave this gateway`);
  } else if (defaultFlow.condition !== null) {
    fail(`the default flow '${node.defaultFlow}' must not carry a condition`);
  }
}
