import type { DeployError } from '../engineErrors';
import type { ProcessNode } from '../processModel';

/** The BPMN type of each model kind, as deploy errors and warnings name elements. */
const bpmnTypes: Readonly<Record<ProcessNode['kind'], string>> = {
  startEvent: 'bpmn:StartEvent',
  endEvent: 'bpmn:EndEvent',
  userTask: 'bpmn:UserTask',
  serviceTask: 'bpmn:ServiceTask',
  noopTask: 'bpmn:Task',
  receiveTask: 'bpmn:ReceiveTask',
  exclusiveGateway: 'bpmn:ExclusiveGateway',
  parallelGateway: 'bpmn:ParallelGateway',
  inclusiveGateway: 'bpmn:InclusiveGateway',
  eventBasedGateway: 'bpmn:EventBasedGateway',
  subProcess: 'bpmn:SubProcess',
  eventSubProcess: 'bpmn:SubProcess',
  callActivity: 'bpmn:CallActivity',
  catchEvent: 'bpmn:IntermediateCatchEvent',
  throwEvent: 'bpmn:IntermediateThrowEvent',
  boundaryEvent: 'bpmn:BoundaryEvent',
};

/** The moddle type a node was read from (`bpmn:Task` for a manual task too). */
export function bpmnTypeOf(node: ProcessNode): string {
  if (node.kind === 'subProcess' && node.transaction) return 'bpmn:Transaction';
  return bpmnTypes[node.kind];
}

/** A deploy error naming a node read into the model by its BPMN type and id. */
export function nodeError(node: ProcessNode, message: string): DeployError {
  const elementType = bpmnTypeOf(node);
  return { elementId: node.id, elementType, message: `${elementType} '${node.id}': ${message}` };
}
