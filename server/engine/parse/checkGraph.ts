import type { DeployError } from '../engineErrors';
import { elementOf, jumpsOf, noIncomingOf } from '../elements';
import { nodeError } from '../elements/bpmnTypeOf';
import type { ProcessNode, SequenceFlowModel } from '../processModel';
import { endsImplicitly } from './endsImplicitly';
import { fileError } from './moddleNodes';

/** Returns the start event id when the graph is runnable; pushes errors otherwise. */
export function checkGraph(
  nodes: ReadonlyMap<string, ProcessNode>,
  flows: ReadonlyMap<string, SequenceFlowModel>,
  errors: DeployError[],
): string | undefined {
  const all = [...nodes.values()];
  const fail = (node: ProcessNode, message: string): void => {
    errors.push(nodeError(node, message));
  };

  // 1. Flows must join nodes of this process.
  for (const flow of flows.values()) {
    for (const end of [flow.source, flow.target]) {
      if (!nodes.has(end)) {
        errors.push({
          elementId: flow.id,
          elementType: 'bpmn:SequenceFlow',
          message: `bpmn:SequenceFlow '${flow.id}': '${end}' is not a flow node of this process`,
        });
      }
    }
  }
  // A flow stays inside its sub-process: a token cannot leave a scope but by its end.
  for (const flow of flows.values()) {
    const source = nodes.get(flow.source);
    const target = nodes.get(flow.target);
    if (source && target && (source.scope ?? null) !== (target.scope ?? null)) {
      errors.push({
        elementId: flow.id,
        elementType: 'bpmn:SequenceFlow',
        message: `bpmn:SequenceFlow '${flow.id}': crosses the border of a sub-process`,
      });
    }
  }
  // 2. One none start event per process and sub-process (the process may have message or
  //    signal start events besides, or instead), at least one end event in each.
  const scopes = [null, ...all.filter((node) => node.kind === 'subProcess').map((node) => node.id)];
  const starts = all.filter((node) => node.kind === 'startEvent' && (node.scope ?? null) === null);
  // The nodes of each scope, grouped once: a file may hold a thousand sub-processes.
  const byScope = new Map<string | null, ProcessNode[]>();
  for (const node of all) {
    const scope = node.scope ?? null;
    const members = byScope.get(scope);
    if (members) members.push(node);
    else byScope.set(scope, [node]);
  }
  for (const scope of scopes) {
    const inScope = byScope.get(scope) ?? [];
    const noneStarts = inScope.filter((node) => node.kind === 'startEvent' && !isEventStart(node));
    const eventStartCount = inScope.filter(isEventStart).length;
    const where = scope === null ? 'A process' : `Sub-process '${scope}'`;
    const scopeNode = scope === null ? undefined : nodes.get(scope);
    const report = (message: string): void => {
      if (scopeNode === undefined) errors.push(fileError(message));
      else fail(scopeNode, message);
    };
    if (
      noneStarts.length > 1 ||
      (noneStarts.length === 0 && (scope !== null || eventStartCount === 0))
    ) {
      report(`${where} needs exactly one start event; found ${noneStarts.length}`);
    }
    if (!inScope.some((node) => elementOf(node.kind).role.end === true || endsImplicitly(node))) {
      report(`${where} needs at least one end event or an activity no flow leaves`);
    }
  }
  // 3. Arity per kind, and conditions only where they are evaluated; then each kind's own rules.
  for (const node of all) {
    const element = elementOf(node.kind);
    const { role } = element;
    const outs = node.outgoing.map((id) => flows.get(id)).filter((flow) => flow !== undefined);
    const noIncoming = noIncomingOf(node);
    if (noIncoming !== undefined && node.incoming.length > 0) fail(node, noIncoming);
    // A compensation handler is reached by its boundary event's association, not a flow.
    if (noIncoming === undefined && node.incoming.length === 0 && node.forCompensation !== true) {
      fail(node, 'no flow leads here');
    }
    if (role.end === true && outs.length > 0) fail(node, 'an end event cannot have outgoing flows');
    if (
      role.end !== true &&
      !endsImplicitly(node) &&
      outs.length === 0 &&
      jumpsOf(node).length === 0
    ) {
      fail(node, 'no flow leaves here');
    }
    if (role.gateway !== true && role.end !== true && outs.length > 1) {
      fail(
        node,
        'only a gateway may have several outgoing flows; add an exclusive, inclusive or parallel gateway',
      );
    }
    for (const flow of outs) {
      if (flow.condition !== null && role.conditions !== true) {
        errors.push({
          elementId: flow.id,
          elementType: 'bpmn:SequenceFlow',
          message: `bpmn:SequenceFlow '${flow.id}': only flows leaving an exclusive or inclusive gateway may carry a condition`,
        });
      }
    }
    element.check?.(node, {
      nodes,
      flows,
      outs,
      fail: (message) => {
        fail(node, message);
      },
    });
  }
  const start = starts.find((node) => !isEventStart(node)) ?? starts[0];
  if (errors.length > 0 || start === undefined) return undefined;

  // 4. Every node is reachable from a start and can reach an end; an activity leads to
  //    its boundary events, a sub-process to its start event, a link throw to its catch.
  //    An event sub-process is reached by its trigger, not by a flow.
  const forward = reach(
    [
      ...starts.map((node) => node.id),
      ...all.filter((node) => node.kind === 'eventSubProcess').map((node) => node.id),
    ],
    (node) => [
      ...node.outgoing.map((id) => flows.get(id)?.target),
      ...(node.boundaryEvents ?? []),
      ...(node.kind === 'subProcess' || node.kind === 'eventSubProcess' ? [node.startEventId] : []),
      ...jumpsOf(node),
    ],
  );
  const ends = all
    .filter((node) => elementOf(node.kind).role.end === true || endsImplicitly(node))
    .map((node) => node.id);
  const jumpedFrom = new Map<string, string[]>();
  for (const node of all) {
    for (const target of jumpsOf(node))
      jumpedFrom.set(target, [...(jumpedFrom.get(target) ?? []), node.id]);
  }
  const backward = reach(ends, (node) => [
    ...node.incoming.map((id) => flows.get(id)?.source),
    ...(jumpedFrom.get(node.id) ?? []),
  ]);
  function reach(from: string[], next: (node: ProcessNode) => (string | undefined)[]): Set<string> {
    const seen = new Set<string>(from);
    const queue = [...from];
    // An index, not shift(): shifting a long queue moves every element each time.
    for (let head = 0; head < queue.length; head += 1) {
      const node = nodes.get(queue[head] ?? '');
      if (node === undefined) continue;
      for (const neighbour of next(node)) {
        if (neighbour !== undefined && !seen.has(neighbour)) {
          seen.add(neighbour);
          queue.push(neighbour);
        }
      }
    }
    return seen;
  }
  for (const node of all) {
    if (!forward.has(node.id)) fail(node, 'cannot be reached from the start event');
    else if (!backward.has(node.id)) fail(node, 'no path leads from here to an end event');
  }

  // 5. A loop must pass a user task; otherwise the token would circle forever in one step.
  const loop = findAutomaticLoop(nodes, flows);
  if (loop !== undefined) fail(loop, 'lies on a loop without a user task, which would never wait');
  return errors.length > 0 ? undefined : start.id;
}

/** A start event that waits for a message or a signal, rather than the none start event. */
function isEventStart(node: ProcessNode): boolean {
  return node.kind === 'startEvent' && Boolean(node.messageName ?? node.signalName);
}

/** A wait state, which a loop must pass so that a token does not circle in one step. */
function waits(node: ProcessNode): boolean {
  const rule = elementOf(node.kind).role.waits;
  return typeof rule === 'function' ? rule(node) : rule === true;
}

/**
 * A node on a cycle of automatic nodes (no user task on it), found by a depth-first search
 * with its own stack, so a chain of any length cannot overflow the call stack.
 */
function findAutomaticLoop(
  nodes: ReadonlyMap<string, ProcessNode>,
  flows: ReadonlyMap<string, SequenceFlowModel>,
): ProcessNode | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const automaticTargets = (node: ProcessNode): ProcessNode[] =>
    [...node.outgoing.map((flowId) => flows.get(flowId)?.target ?? ''), ...jumpsOf(node)]
      .map((id) => nodes.get(id))
      .filter((target): target is ProcessNode => target !== undefined && !waits(target));
  for (const root of nodes.values()) {
    if (waits(root) || state.has(root.id)) continue;
    state.set(root.id, 'open');
    const stack: { node: ProcessNode; next: ProcessNode[]; index: number }[] = [
      { node: root, next: automaticTargets(root), index: 0 },
    ];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame === undefined) break;
      const target = frame.next[frame.index];
      frame.index += 1;
      if (target === undefined) {
        state.set(frame.node.id, 'done');
        stack.pop();
        continue;
      }
      const seen = state.get(target.id);
      if (seen === 'open') return target;
      if (seen === undefined) {
        state.set(target.id, 'open');
        stack.push({ node: target, next: automaticTargets(target), index: 0 });
      }
    }
  }
  return undefined;
}
