import { BpmnModdle, type ModdleNode } from 'bpmn-moddle';
import camundaPackage from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { BUSINESS_KEY_PREFIX } from '../commands/nextBusinessKey';
import { elementModuleOf, elementsByType, refusedTypes } from '../elements';
import type { AnyElementModule, NodeContext } from '../elements/elementModule';
import { readSequenceFlow } from '../elements/sequenceFlow';
import type { DeployError } from '../engineErrors';
import { isForbiddenName } from '../expressions/parseExpression';
import type {
  MultiInstanceModel,
  ProcessModel,
  ProcessNode,
  SequenceFlowModel,
} from '../processModel';
import { checkSegregationTargets, withSegregationAttributes } from '../taskSegregation';
import { checkExtensions, type Reading } from './checkExtensions';
import { checkGraph } from './checkGraph';
import { ExtensionReader, normalisedPrefixes, type DeployWarning } from './extensionDialects';
import { ZEEBE_URI } from './foreignExtensions';
import { isSchemaTypeReference } from './isSchemaTypeReference';
import {
  checkTemplate,
  elementError,
  fileError,
  nodeList,
  readProperties,
  text,
  unsupported,
} from './moddleNodes';
import { isCollectionName, readMultiInstance } from './readMultiInstance';
import { isBareErrorCode } from './readTrigger';
import { resolveCompensation } from './resolveCompensation';
import { resolveLinks } from './resolveLinks';

/** What deploy needs to know beyond the XML: which service handlers exist. */
export interface ParseProcessDefinitionOptions {
  /** The registered handler names; a service task naming another is refused. */
  readonly serviceHandlers: { has(name: string): boolean };
}

/** Either the executable model or every problem found. */
export type ParseProcessDefinitionResult =
  | {
      readonly definition: ProcessModel;
      /** Settings the file writes that change nothing here (`camunda:asyncBefore`...). */
      readonly warnings: readonly DeployWarning[];
    }
  | {
      readonly errors: readonly DeployError[];
      /** The settings that change nothing, when the file could be read that far. */
      readonly warnings?: readonly DeployWarning[];
    };

/**
 * Elements that only declare or draw: they change nothing about how a token moves, so a
 * modeller's file may carry them (pools, unused message declarations, data objects).
 */
const declarationTypes: ReadonlySet<string> = new Set([
  'bpmn:Message',
  'bpmn:Signal',
  'bpmn:Error',
  'bpmn:Escalation',
  'bpmn:ItemDefinition',
  'bpmn:DataStore',
  'bpmn:Resource',
  'bpmn:Collaboration',
]);
const dataTypes: ReadonlySet<string> = new Set([
  'bpmn:DataObject',
  'bpmn:DataObjectReference',
  'bpmn:DataStoreReference',
]);

const keyPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,199}$/;

/**
 * Reads a BPMN 2.0 XML process definition (with Camunda extension attributes) into the
 * model the engine runs, or into the list of reasons it cannot be run. Pure apart from
 * the handler names it is given; never throws for bad input.
 *
 * Conventions (see server/engine/README.md):
 * - service tasks bind a registered handler with `camunda:type="handlerName"`;
 * - `camunda:property name="category"` on the process overrides the definitions'
 *   `targetNamespace` as the category;
 * - `camunda:property name="initiatorCanCompleteTask" value="true"` on the process sets
 *   the default for its user tasks, and on a user task overrides it for that task;
 * - `camunda:property name="businessKeyPrefix"` on the process names its instances
 *   `<prefix>-<year>-<number>` (see nextBusinessKey.ts);
 * - `camunda:property name="caseName"` on the process is a `${...}` template its instances
 *   are shown by once every value it reads is known (see displayNames.ts);
 * - `camunda:property name="dueDateFrom"` (`taskCreated`, the default, or `instanceStart`)
 *   says what a due-date duration counts from, on the process or on one user task;
 * - `excludePerformersOf`, `excludeInitiator` and `excludeAnyPerformer` on a user task (any
 *   dialect) say who must not perform it (see taskSegregation.ts).
 */
export async function parseProcessDefinition(
  xml: string,
  options: ParseProcessDefinitionOptions,
): Promise<ParseProcessDefinitionResult> {
  // 1. Parse the XML against the BPMN and Camunda meta-models; any warning is fatal,
  //    because lax parsing drops what it does not understand.
  const moddle = new BpmnModdle(
    { camunda: withSegregationAttributes(camundaPackage) },
    { nsMap: normalisedPrefixes },
  );
  let root: ModdleNode;
  try {
    const parsed = await moddle.fromXML(xml);
    // The diagram (BPMNDI) only draws: a shape pointing at nothing changes no behaviour;
    // an item type naming an XML Schema type only describes data the engine reads as it is.
    const warnings = parsed.warnings.filter(
      (warning) =>
        !isDrawingWarning(warning) &&
        !isBareErrorCode(warning) &&
        !isCollectionName(warning) &&
        !isSchemaTypeReference(warning),
    );
    if (warnings.length > 0) {
      return {
        errors: warnings.map((warning) => fileError(`Unreadable BPMN: ${warning.message}`)),
      };
    }
    root = parsed.rootElement;
  } catch (error) {
    return { errors: [fileError(`Unreadable BPMN: ${(error as Error).message}`)] };
  }

  // 2. Exactly one process, and besides it only declarations and pools.
  const errors: DeployError[] = [];
  const extensions = new ExtensionReader(root);
  const rootElements = nodeList(root, 'rootElements');
  const processes = rootElements.filter((element) => element.$type === 'bpmn:Process');
  // Camunda 8 keeps every setting in its own namespace: read here, such a file would lose
  // its job types, forms and assignments without a word.
  if (Object.values(root.$attrs ?? {}).includes(ZEEBE_URI)) {
    errors.push(
      fileError(
        'This is a Camunda 8 (Zeebe) file: its zeebe: settings (job types, forms, assignments) cannot be read; export it for Camunda 7, Flowable or Activiti',
      ),
    );
  }
  for (const element of rootElements) {
    if (element.$type !== 'bpmn:Process' && !declarationTypes.has(element.$type)) {
      errors.push(unsupported(element));
    }
  }
  // Camunda and Flowable deploy only processes not marked isExecutable="false": a pool drawn
  // for another party beside the lender's own process is left out, and a file that is only
  // a drawing is refused by name rather than made startable.
  const executable = processes.filter((element) => element.isExecutable !== false);
  const [only] = processes;
  if (processes.length === 1 && executable.length === 0 && only !== undefined) {
    errors.push(
      elementError(
        only,
        'is marked isExecutable="false", so no engine runs it; set isExecutable="true" to deploy it',
      ),
    );
  } else if (processes.length !== 1 && executable.length !== 1) {
    errors.push(
      fileError(
        `A definition must hold exactly one executable process; found ${executable.length} of ${processes.length}`,
      ),
    );
  }
  const process = executable.length === 1 ? executable[0] : processes[0];
  if (process === undefined) return { errors, warnings: extensions.ignoredAttributeWarnings(root) };
  const read: Reading = { extensions, errors };

  // 3. Read the process-level attributes and conventions.
  const key = text(process, 'id') ?? '';
  if (!keyPattern.test(key)) {
    errors.push(elementError(process, `the process id '${key}' is not a usable key`));
  }
  checkExtensions(process, read);
  const processProperties = readProperties(process, errors);
  const initiatorCanCompleteTask = readFlag(process, processProperties, errors);
  const businessKeyPrefix = processProperties.businessKeyPrefix ?? null;
  if (businessKeyPrefix !== null && !BUSINESS_KEY_PREFIX.test(businessKeyPrefix)) {
    errors.push(
      elementError(
        process,
        `businessKeyPrefix must be two to six capital letters, not '${businessKeyPrefix}'`,
      ),
    );
  }

  const caseName = processProperties.caseName ?? null;
  checkTemplate(process, "property 'caseName'", caseName, errors);

  // 4. Read each flow element, refusing anything unsupported by type and id.
  // Maps while reading: a record of thousands of ids is a dictionary object, and every
  // Object.values over it sorts its keys again.
  const nodes = new Map<string, ProcessNode>();
  const flows = new Map<string, SequenceFlowModel>();
  const readWarnings: DeployWarning[] = [];
  const incoming = new Map<string, string[]>();
  const outgoing = new Map<string, string[]>();
  const scoped = collectFlowElements(process, null);
  const flowElements = scoped.map((entry) => entry.element);
  const scopeOf = new Map(scoped.map((entry) => [entry.element, entry.scope]));
  const flowIds = new Set(flowElements.map((element) => text(element, 'id')));
  for (const element of flowElements) {
    if (element.$type === 'bpmn:SequenceFlow') {
      const flow = readSequenceFlow(element, flowIds, read);
      if (flow) {
        flows.set(flow.id, flow);
        listFor(outgoing, flow.source).push(flow.id);
        listFor(incoming, flow.target).push(flow.id);
      }
    } else if (elementModuleOf(element) === undefined) {
      const reason = refusedTypes[element.$type];
      errors.push(reason === undefined ? unsupported(element) : elementError(element, reason));
    }
  }
  for (const element of flowElements) {
    const module = elementModuleOf(element);
    if (module === undefined) continue;
    const id = text(element, 'id') ?? '';
    const node = readNode(element, module, {
      scope: scopeOf.get(element) ?? null,
      incoming: incoming.get(id) ?? [],
      outgoing: outgoing.get(id) ?? [],
      processProperties,
      initiatorCanCompleteTask,
      serviceHandlers: options.serviceHandlers,
      errors,
      extensions,
      warnings: readWarnings,
      isScopedActivity: (type) => elementsByType[type]?.scopedActivity === true,
    });
    if (node) nodes.set(id, node);
  }
  checkSegregationTargets(nodes, errors);
  resolveLinks(nodes, errors);
  resolveCompensation(nodes, process, flowElements, errors);
  if (errors.length > 0) return { errors, warnings: extensions.ignoredAttributeWarnings(root) };
  attachBoundaryEvents(nodes);

  // 5. Check the graph: flows join known nodes, arities fit each kind, conditions sit
  //    only where they are evaluated, and every node lies on a path from start to end.
  const startEventId = checkGraph(nodes, flows, errors);
  if (errors.length > 0 || startEventId === undefined)
    return { errors, warnings: extensions.ignoredAttributeWarnings(root) };

  // 6. The initiator variable is written by the engine, so it must be a plain name.
  const startEvent = flowElements.find((element) => text(element, 'id') === startEventId);
  const conflict = (message: string): void => {
    if (startEvent) errors.push(elementError(startEvent, message));
  };
  const initiator = startEvent ? extensions.attribute(startEvent, 'initiator', conflict) : null;
  const initiatorVariable = initiator?.value ?? null;
  if (
    startEvent !== undefined &&
    initiator !== null &&
    (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(initiator.value) || isForbiddenName(initiator.value))
  ) {
    errors.push(
      elementError(
        startEvent,
        `${initiator.qualified} '${initiator.value}' is not a usable variable name`,
      ),
    );
  }
  const startFormKey = startEvent
    ? (extensions.attribute(startEvent, 'formKey', conflict)?.value ?? null)
    : null;
  if (errors.length > 0) return { errors, warnings: extensions.ignoredAttributeWarnings(root) };
  const definitions = root;
  return {
    definition: {
      key,
      name: text(process, 'name') ?? key,
      category: processProperties.category ?? text(definitions, 'targetNamespace') ?? '',
      versionTag: text(process, 'versionTag'),
      description: documentation(process),
      initiatorCanCompleteTask,
      initiatorVariable,
      startEventId,
      businessKeyPrefix,
      caseName,
      startFormKey,
      messageStarts: eventStarts(nodes, 'messageName'),
      signalStarts: eventStarts(nodes, 'signalName'),
      nodes: Object.fromEntries(nodes),
      flows: Object.fromEntries(flows),
    },
    warnings: [...extensions.ignoredAttributeWarnings(root), ...readWarnings],
  };
}

/** Reads one flow node with its element module, after what every node shares. */
function readNode(
  element: ModdleNode,
  module: AnyElementModule,
  context: NodeContext & {
    readonly incoming: readonly string[];
    readonly outgoing: readonly string[];
  },
): ProcessNode | undefined {
  const { errors } = context;
  const base = {
    id: text(element, 'id') ?? '',
    name: text(element, 'name'),
    incoming: context.incoming,
    outgoing: context.outgoing,
    // Only nodes inside a sub-process say so, so process-level models read as before.
    ...(context.scope === null ? {} : { scope: context.scope }),
  };
  if (base.id === '') {
    errors.push(elementError(element, 'every flow node needs an id'));
    return undefined;
  }
  checkExtensions(element, context, {
    ...(module.attributes ? { readHere: module.attributes } : {}),
    ...(module.readsExtension ? { readsExtension: module.readsExtension } : {}),
    ...(module.accepts ? { accepts: module.accepts } : {}),
  });
  let multiInstance: MultiInstanceModel | null = null;
  if (element.loopCharacteristics !== undefined) {
    const allowed =
      module.scopedActivity === true || module.multiInstanceWhen?.(element, context) === true;
    multiInstance = readMultiInstance(element, allowed, context);
  }
  const definitions = nodeList(element, 'eventDefinitions');
  const allowed = module.eventDefinitions?.(context.scope, element) ?? [];
  if (definitions.length > 1 || definitions.some((d) => !allowed.includes(d.$type))) {
    const kinds = definitions.map((definition) => definition.$type);
    errors.push(elementError(element, `event definitions (${kinds.join(', ')}) are not supported`));
    return undefined;
  }
  const [definition] = definitions;
  if (definition !== undefined) {
    const readHere = module.definitionAttributes?.(definition);
    checkExtensions(definition, context, { owner: element, ...(readHere ? { readHere } : {}) });
  }
  checkTemplate(element, 'name', base.name, errors);
  return module.read(element, { base, multiInstance, definition }, context);
}

/** A reader warning about the diagram only, such as a shape pointing at nothing. */
function isDrawingWarning(warning: Error): boolean {
  const element = (warning as { element?: { $type?: unknown } }).element;
  const type = typeof element?.$type === 'string' ? element.$type : '';
  return /^(bpmndi|di|dc):/.test(type) && warning.message.startsWith('unresolved reference');
}

function readFlag(
  element: ModdleNode,
  properties: Readonly<Record<string, string>>,
  errors: DeployError[],
): boolean {
  const value = properties.initiatorCanCompleteTask;
  if (value === undefined) return false;
  if (value !== 'true' && value !== 'false') {
    errors.push(
      elementError(element, `initiatorCanCompleteTask must be 'true' or 'false', not '${value}'`),
    );
  }
  return value === 'true';
}

function documentation(element: ModdleNode): string | null {
  const texts = nodeList(element, 'documentation')
    .map((entry) => text(entry, 'text'))
    .filter((entry): entry is string => entry !== null);
  return texts.length > 0 ? texts.join('\n') : null;
}

function listFor(map: Map<string, string[]>, key: string): string[] {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  return list;
}

/** A flow element and the sub-process it lies in (null at the process level). */
interface ScopedElement {
  readonly element: ModdleNode;
  readonly scope: string | null;
}

/** The flow elements of a process or sub-process and, depth first, of its sub-processes. */
function collectFlowElements(
  container: ModdleNode,
  scope: string | null,
  found: ScopedElement[] = [],
): ScopedElement[] {
  for (const element of nodeList(container, 'flowElements')) {
    if (dataTypes.has(element.$type)) continue;
    found.push({ element, scope });
    if (element.$type === 'bpmn:SubProcess' || element.$type === 'bpmn:Transaction') {
      collectFlowElements(element, text(element, 'id'), found);
    }
  }
  return found;
}

/**
 * Lists each activity's boundary events on it and gives each sub-process its start event,
 * once every node is read.
 */
function attachBoundaryEvents(nodes: Map<string, ProcessNode>): void {
  const boundaryEvents = new Map<string, string[]>();
  for (const node of nodes.values()) {
    if (node.kind === 'boundaryEvent' && nodes.has(node.attachedTo)) {
      listFor(boundaryEvents, node.attachedTo).push(node.id);
    }
  }
  for (const [activityId, ids] of boundaryEvents) {
    const activity = nodes.get(activityId);
    if (activity !== undefined) nodes.set(activityId, { ...activity, boundaryEvents: ids });
  }
  // Each sub-process (event sub-processes too) starts at the first start event inside it:
  // found in one pass, since a file may hold a thousand sub-processes.
  const firstStart = new Map<string, string>();
  for (const node of nodes.values()) {
    if (node.kind === 'startEvent' && node.scope && !firstStart.has(node.scope))
      firstStart.set(node.scope, node.id);
  }
  for (const node of nodes.values()) {
    if (node.kind !== 'subProcess' && node.kind !== 'eventSubProcess') continue;
    nodes.set(node.id, { ...node, startEventId: firstStart.get(node.id) ?? '' });
  }
}

/** Message or signal start events by the name they wait for. */
function eventStarts(
  nodes: ReadonlyMap<string, ProcessNode>,
  trigger: 'messageName' | 'signalName',
): Record<string, string> {
  const starts: Record<string, string> = {};
  for (const node of nodes.values()) {
    const name = node.kind === 'startEvent' ? node[trigger] : null;
    if (name) starts[name] = node.id;
  }
  return starts;
}
