import type { ModdleNode } from 'bpmn-moddle';
import type { DeployError } from '../engineErrors';
import { nodeError } from '../elements/bpmnTypeOf';
import type { BoundaryEventNode, ProcessNode } from '../processModel';
import { nodeList, text } from './moddleNodes';

/** The handler kinds run here: a person's task, or a worker's external task. */
function canHandle(node: ProcessNode): boolean {
  return node.kind === 'userTask' || (node.kind === 'serviceTask' && node.external !== undefined);
}

/**
 * Joins compensation and cancel events once every node is read, as BPMN 2.0 joins them:
 * 1. an activity marked `isForCompensation` is a handler: a user task or an external service
 *    task, run once per completion, with no flow in or out and no boundary events;
 * 2. each compensation boundary event names its handler by an association (Camunda and
 *    Flowable both read the association), in the same scope;
 * 3. a compensation throw's `activityRef` names an activity of its scope with a
 *    compensation boundary event (inside an event sub-process, of the scope around it);
 * 4. a cancel end event lies directly in a transaction, which carries one cancel boundary
 *    event.
 * Each mistake is refused by name: the runner would not know what to undo or where to go on.
 */
export function resolveCompensation(
  nodes: Map<string, ProcessNode>,
  process: ModdleNode,
  flowElements: readonly ModdleNode[],
  errors: DeployError[],
): void {
  const refuse = (node: ProcessNode, message: string): void => {
    errors.push(nodeError(node, message));
  };
  // 1. Handlers.
  const handlers = new Set<string>();
  for (const element of flowElements) {
    const id = text(element, 'id') ?? '';
    const node = nodes.get(id);
    if (element.isForCompensation !== true || node === undefined) continue;
    if (!canHandle(node)) {
      refuse(
        node,
        'a compensation handler (isForCompensation="true") must be a user task or an external service task here; other activities cannot undo work',
      );
      continue;
    }
    if (node.multiInstance) {
      refuse(
        node,
        'a compensation handler cannot be multi-instance: it already runs once for each completion of its activity',
      );
    }
    if (node.incoming.length > 0) {
      refuse(
        node,
        'a compensation handler cannot have incoming flows: only its compensation boundary event leads to it',
      );
    }
    if (node.outgoing.length > 0) {
      refuse(
        node,
        'a compensation handler cannot have outgoing flows: when it ends, the compensation goes on',
      );
    }
    handlers.add(id);
    nodes.set(id, { ...node, forCompensation: true });
  }
  // 2. Each compensation boundary event's association to its handler.
  const associated = new Map<string, string[]>();
  const containers = [process, ...flowElements];
  for (const container of containers) {
    for (const artifact of nodeList(container, 'artifacts')) {
      if (artifact.$type !== 'bpmn:Association') continue;
      const source = artifact.sourceRef as ModdleNode | undefined;
      const target = artifact.targetRef as ModdleNode | undefined;
      const from = source ? text(source, 'id') : null;
      const to = target ? text(target, 'id') : null;
      if (from !== null && to !== null) associated.set(from, [...(associated.get(from) ?? []), to]);
    }
  }
  const compensable = new Set<string>();
  const reached = new Set<string>();
  for (const node of [...nodes.values()]) {
    if (node.kind === 'boundaryEvent' && node.trigger.type === 'cancel') continue;
    if (node.kind !== 'boundaryEvent' || node.trigger.type !== 'compensation') continue;
    const [handler, ...more] = (associated.get(node.id) ?? []).filter((id) => nodes.has(id));
    if (handler === undefined) {
      refuse(
        node,
        'a compensation boundary event needs an association to its compensation handler (an activity with isForCompensation="true")',
      );
      continue;
    }
    if (more.length > 0) {
      refuse(
        node,
        `has associations to several activities (${[handler, ...more].join(', ')}); a compensation boundary event has one handler`,
      );
      continue;
    }
    const target = nodes.get(handler);
    if (!handlers.has(handler)) {
      refuse(
        node,
        `its association leads to '${handler}', which is not a compensation handler (isForCompensation="true")`,
      );
      continue;
    }
    if ((target?.scope ?? null) !== (node.scope ?? null)) {
      refuse(
        node,
        `its handler '${handler}' lies in another process or sub-process; a handler lies beside its activity`,
      );
      continue;
    }
    reached.add(handler);
    compensable.add(node.attachedTo);
    const boundary: BoundaryEventNode = { ...node, trigger: { type: 'compensation', handler } };
    nodes.set(node.id, boundary);
  }
  for (const id of handlers) {
    const node = nodes.get(id);
    if (node !== undefined && !reached.has(id)) {
      refuse(
        node,
        'no compensation boundary event leads to this compensation handler by an association, so it would never run',
      );
    }
  }
  for (const node of nodes.values()) {
    if (node.kind === 'boundaryEvent' && handlers.has(node.attachedTo)) {
      refuse(node, 'a compensation handler carries no boundary events');
    }
  }
  // 3. What a compensation throw names, and 4. where a cancel end event lies.
  for (const node of nodes.values()) {
    const compensation =
      node.kind === 'throwEvent' || node.kind === 'endEvent' ? node.compensation : undefined;
    if (compensation?.activityRef) {
      const ref = compensation.activityRef;
      const activity = nodes.get(ref);
      const scope = compensatedScope(nodes, node.scope ?? null);
      if (activity === undefined || (activity.scope ?? null) !== scope || !compensable.has(ref)) {
        refuse(
          node,
          `activityRef '${ref}' must name an activity of ${scope === null ? 'the process' : `sub-process '${scope}'`} with a compensation boundary event`,
        );
      }
    }
    if (node.kind === 'endEvent' && node.cancel) checkCancelEnd(nodes, node, refuse);
    if (node.kind === 'boundaryEvent' && node.trigger.type === 'cancel') {
      const others = [...nodes.values()].filter(
        (other) =>
          other.kind === 'boundaryEvent' &&
          other.attachedTo === node.attachedTo &&
          other.trigger.type === 'cancel',
      );
      if (others[0] !== node && others.length > 1) {
        refuse(
          node,
          `transaction '${node.attachedTo}' has another cancel boundary event ('${others[0]?.id ?? ''}')`,
        );
      }
    }
  }
}

/**
 * The scope whose completed activities a throw in `scope` compensates: its own, but for a
 * throw inside an event sub-process the scope around it (BPMN 2.0, as Camunda 7 does).
 */
export function compensatedScope(
  nodes: ReadonlyMap<string, ProcessNode>,
  scope: string | null,
): string | null {
  const around = scope === null ? undefined : nodes.get(scope);
  return around?.kind === 'eventSubProcess' ? (around.scope ?? null) : scope;
}

function checkCancelEnd(
  nodes: ReadonlyMap<string, ProcessNode>,
  node: ProcessNode,
  refuse: (node: ProcessNode, message: string) => void,
): void {
  const scope = node.scope ? nodes.get(node.scope) : undefined;
  if (scope?.kind !== 'subProcess' || !scope.transaction) {
    refuse(
      node,
      'a cancel end event lies directly in a transaction (<transaction>), which it cancels; there is none around it',
    );
    return;
  }
  const boundary = [...nodes.values()].some(
    (other) =>
      other.kind === 'boundaryEvent' &&
      other.attachedTo === scope.id &&
      other.trigger.type === 'cancel',
  );
  if (!boundary) {
    refuse(
      node,
      `a cancel end event needs a cancel boundary event on its transaction '${scope.id}', where the cancelled transaction is left`,
    );
  }
}
