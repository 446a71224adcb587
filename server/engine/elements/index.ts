import { boundaryEvent } from './boundaryEvent';
import { callActivity } from './callActivity';
import { catchEvent } from './catchEvent';
import type { AnyElementModule, ElementModule, NodeKind } from './elementModule';
import type { ModdleNode } from 'bpmn-moddle';
import type { ProcessNode } from '../processModel';
import { endEvent } from './endEvent';
import { eventSubProcess, isEventSubProcess } from './eventSubProcess';
import { eventBasedGateway } from './eventBasedGateway';
import { exclusiveGateway } from './exclusiveGateway';
import { inclusiveGateway } from './inclusiveGateway';
import { noopTask } from './noopTask';
import { parallelGateway } from './parallelGateway';
import { receiveTask } from './receiveTask';
import { sendTask } from './sendTask';
import { serviceTask } from './serviceTask';
import { startEvent } from './startEvent';
import { subProcess } from './subProcess';
import { throwEvent } from './throwEvent';
import { userTask } from './userTask';

/** Every element module, by the model kind it reads into: one entry per kind, checked. */
const elementsByKind: { readonly [K in NodeKind]: ElementModule<K> } = {
  startEvent,
  endEvent,
  userTask,
  serviceTask,
  noopTask,
  receiveTask,
  exclusiveGateway,
  parallelGateway,
  inclusiveGateway,
  eventBasedGateway,
  subProcess,
  eventSubProcess,
  callActivity,
  catchEvent,
  throwEvent,
  boundaryEvent,
};

/**
 * The flow nodes the engine runs, by BPMN `$type`; any other flow element is refused by
 * name. A new element is a module in this folder and its line here.
 */
export const elementsByType: Readonly<Partial<Record<string, AnyElementModule>>> = {
  'bpmn:StartEvent': startEvent,
  'bpmn:EndEvent': endEvent,
  'bpmn:UserTask': userTask,
  'bpmn:ServiceTask': serviceTask,
  'bpmn:ExclusiveGateway': exclusiveGateway,
  'bpmn:ParallelGateway': parallelGateway,
  'bpmn:Task': noopTask,
  'bpmn:ManualTask': noopTask,
  'bpmn:InclusiveGateway': inclusiveGateway,
  'bpmn:EventBasedGateway': eventBasedGateway,
  'bpmn:SubProcess': subProcess,
  'bpmn:Transaction': subProcess,
  'bpmn:ReceiveTask': receiveTask,
  'bpmn:SendTask': sendTask,
  'bpmn:CallActivity': callActivity,
  'bpmn:IntermediateCatchEvent': catchEvent,
  'bpmn:IntermediateThrowEvent': throwEvent,
  'bpmn:BoundaryEvent': boundaryEvent,
};

/**
 * Flow elements refused with the reason, where the bare "not supported" would leave the
 * author guessing what to model instead.
 */
export const refusedTypes: Readonly<Partial<Record<string, string>>> = {
  'bpmn:BusinessRuleTask':
    'a business rule task is not supported: the engine runs no DMN decision tables (nor rules); decide with an exclusive gateway on the variables, or let an external service task call the decision service',
};

/**
 * The module that reads a moddle node: by its BPMN type, except that a sub-process
 * triggered by an event is an event sub-process.
 */
export function elementModuleOf(element: ModdleNode): AnyElementModule | undefined {
  return isEventSubProcess(element) ? eventSubProcess : elementsByType[element.$type];
}

/** The module of a kind of node; for a node of the model, `elementOf(node.kind)`. */
export function elementOf<K extends NodeKind>(kind: K): ElementModule<K> {
  return elementsByKind[kind];
}

/**
 * Where a token goes from a node other than by its sequence flows: a link throw event's
 * catch event. Every walk over the graph follows these as it follows flows.
 */
export function jumpsOf(node: ProcessNode): readonly string[] {
  return elementOf(node.kind).jumps?.(node) ?? [];
}

/** The refusal of an incoming flow into this node, when it may have none. */
export function noIncomingOf(node: ProcessNode): string | undefined {
  const rule = elementOf(node.kind).role.noIncoming;
  return typeof rule === 'function' ? rule(node) : rule;
}
