import { TASK_DESCRIPTION_MAX_LENGTH } from '../../../schemas/api/tasksConstants';
import { readName, splitTemplate } from '../../../src/core/template';
import { BpmnModdle, type ModdleNode } from 'bpmn-moddle';
import camundaPackage from 'camunda-bpmn-moddle/resources/camunda.json' with { type: 'json' };
import { cutText } from '../cutText';
import type { DeployError } from '../engineErrors';
import {
  APS_MODELER_URI,
  ExtensionReader,
  normalisedPrefixes,
  type DeployWarning,
  type ExtensionAttribute,
} from './extensionDialects';
import { ExpressionSyntaxError } from '../expressions/expressionSyntaxError';
import { endsImplicitly } from './endsImplicitly';
import { isSchemaTypeReference } from './isSchemaTypeReference';
import { isForbiddenName, parseCondition } from '../expressions/parseExpression';
import { parseIsoDuration } from '../runner/parseIsoDuration';
import { isTemplate, parseTemplate } from '../expressions/parseTemplate';
import type {
  DueDateFrom,
  EventTrigger,
  MultiInstanceModel,
  ProcessModel,
  ProcessNode,
  SequenceFlowModel,
  TimerModel,
  UserTaskNode,
  VariableMapping,
} from '../processModel';
import {
  checkSegregationTargets,
  readSegregation,
  SEGREGATION_ATTRIBUTES,
  withSegregationAttributes,
} from '../taskSegregation';
import { BUSINESS_KEY_PREFIX } from '../commands/nextBusinessKey';
import { isValidTimerText } from '../runner/timerSchedule';

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

/** Flow element types the engine runs; everything else is refused by name. */
const supportedTypes: ReadonlySet<string> = new Set([
  'bpmn:StartEvent',
  'bpmn:EndEvent',
  'bpmn:UserTask',
  'bpmn:ServiceTask',
  'bpmn:ExclusiveGateway',
  'bpmn:ParallelGateway',
  'bpmn:SequenceFlow',
  'bpmn:Task',
  'bpmn:ManualTask',
  'bpmn:InclusiveGateway',
  'bpmn:SubProcess',
  'bpmn:CallActivity',
  'bpmn:IntermediateCatchEvent',
  'bpmn:BoundaryEvent',
]);

/** Activities that may be multi-instance or carry boundary events. */
const scopedActivityTypes: ReadonlySet<string> = new Set([
  'bpmn:UserTask',
  'bpmn:SubProcess',
  'bpmn:CallActivity',
]);

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

/** Which extension attributes the engine reads on which element type. */
const readOn: Readonly<Record<string, ReadonlySet<string>>> = {
  'bpmn:StartEvent': new Set(['initiator', 'formKey']),
  'bpmn:UserTask': new Set([
    'initiatorCanCompleteTask',
    'assignee',
    'candidateUsers',
    'candidateGroups',
    'formKey',
    'dueDate',
    'priority',
    ...SEGREGATION_ATTRIBUTES,
  ]),
  'bpmn:ServiceTask': new Set(['type', 'class', 'expression', 'delegateExpression']),
  'bpmn:CallActivity': new Set(['calledElementBinding']),
  'bpmn:MultiInstanceLoopCharacteristics': new Set(['collection', 'elementVariable']),
  'bpmn:TerminateEventDefinition': new Set(['terminateAll', 'terminateMultiInstance']),
};
const readsNothing: ReadonlySet<string> = new Set();

/** What an error event definition carries that the engine reads, on an error boundary event only. */
const errorVariableAttributes: ReadonlySet<string> = new Set([
  'errorCodeVariable',
  'errorMessageVariable',
]);

/**
 * Why an extension attribute the engine does not read is refused, where a reason helps the
 * author more than the bare refusal (any dialect; the attribute's local name is the key).
 */
const refusalReasons: Readonly<Record<string, string>> = {
  formRef: 'name the form with formKey',
  formRefBinding: 'name the form with formKey',
  formRefVersion: 'name the form with formKey',
  formHandlerClass: 'name the form with formKey',
  variableMappingClass: 'it binds code the engine cannot run; map variables with in and out',
  variableMappingDelegateExpression:
    'it binds code the engine cannot run; map variables with in and out',
  calledElementVersion: 'a call activity starts the latest version of the process it names',
  calledElementVersionTag: 'a call activity starts the latest version of the process it names',
  calledElementTenantId: 'a call activity starts a process of its own tenant',
  candidateStarterGroups:
    'whoever may start cases may start every deployed process; there is no per-process list',
  candidateStarterUsers:
    'whoever may start cases may start every deployed process; there is no per-process list',
  followUpDate: 'tasks have a due date but no follow-up date',
  businessCalendarName: 'due dates and timers count calendar time; there are no business calendars',
  resultVariable: 'a service task returns its variables from its registered handler',
  errorCodeVariable: 'only an error boundary event stores the error it catches',
  errorMessageVariable: 'only an error boundary event stores the error it catches',
  variableAggregation: 'the items of a multi-instance activity share the process variables',
};

/** Refuses an extension attribute the engine does not read on this element. */
function attributeRefusal(attribute: ExtensionAttribute): string {
  const reason = refusalReasons[attribute.local];
  return `${attribute.qualified}="${attribute.value}" is not supported here${reason === undefined ? '' : `: ${reason}`}`;
}

/** Attributes that bind code; the engine binds a service task to a registered handler only. */
const codeBindingAttributes = ['class', 'expression', 'delegateExpression'] as const;

/**
 * APS's modeller writes "the initiator may complete this task" as an extension element of
 * the user task (`modeler:initiator-can-complete`, body `true`); it is read like the
 * `initiatorCanCompleteTask` property.
 */
const INITIATOR_CAN_COMPLETE_ELEMENT = 'initiator-can-complete';

/** The one Camunda extension element the engine reads; other Camunda ones change behaviour we do not run. */
const readableExtensions: ReadonlySet<string> = new Set(['camunda:Properties']);

const keyPattern = /^[A-Za-z_][A-Za-z0-9_.-]{0,199}$/;

/** Flowable's default task priority. */
const defaultPriority = '50';

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
  for (const element of rootElements) {
    if (element.$type !== 'bpmn:Process' && !declarationTypes.has(element.$type)) {
      errors.push(unsupported(element));
    }
  }
  if (processes.length !== 1) {
    errors.push(fileError(`A definition must hold exactly one process; found ${processes.length}`));
  }
  const process = processes[0];
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
  const nodes: Record<string, ProcessNode> = {};
  const flows: Record<string, SequenceFlowModel> = {};
  const readWarnings: DeployWarning[] = [];
  const incoming = new Map<string, string[]>();
  const outgoing = new Map<string, string[]>();
  const scoped = collectFlowElements(process, null);
  const flowElements = scoped.map((entry) => entry.element);
  const scopeOf = new Map(scoped.map((entry) => [entry.element, entry.scope]));
  const flowIds = new Set(flowElements.map((element) => text(element, 'id')));
  for (const element of flowElements) {
    if (!supportedTypes.has(element.$type)) {
      errors.push(unsupported(element));
      continue;
    }
    if (element.$type === 'bpmn:SequenceFlow') {
      const flow = readFlow(element, flowIds, read);
      if (flow) {
        flows[flow.id] = flow;
        listFor(outgoing, flow.source).push(flow.id);
        listFor(incoming, flow.target).push(flow.id);
      }
    }
  }
  for (const element of flowElements) {
    if (!supportedTypes.has(element.$type) || element.$type === 'bpmn:SequenceFlow') continue;
    const id = text(element, 'id') ?? '';
    const node = readNode(element, {
      scope: scopeOf.get(element) ?? null,
      incoming: incoming.get(id) ?? [],
      outgoing: outgoing.get(id) ?? [],
      processProperties,
      initiatorCanCompleteTask,
      options,
      errors,
      extensions,
      warnings: readWarnings,
    });
    if (node) nodes[id] = node;
  }
  checkSegregationTargets(nodes, errors);
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
      messageStarts: messageStarts(nodes),
      nodes,
      flows,
    },
    warnings: [...extensions.ignoredAttributeWarnings(root), ...readWarnings],
  };
}

/** Per-node reading context: the node's flows and the process-wide settings. */
interface NodeContext {
  /** The sub-process the node lies in, or null at the process level. */
  readonly scope: string | null;
  readonly incoming: readonly string[];
  readonly outgoing: readonly string[];
  readonly processProperties: Readonly<Record<string, string>>;
  readonly initiatorCanCompleteTask: boolean;
  readonly options: ParseProcessDefinitionOptions;
  readonly errors: DeployError[];
  readonly extensions: ExtensionReader;
  /** Settings read with a change the author should know of (a text cut to its limit). */
  readonly warnings: DeployWarning[];
}

/** What every reading step shares: the file's extension namespaces and the problems found. */
interface Reading {
  readonly extensions: ExtensionReader;
  readonly errors: DeployError[];
}

function readNode(element: ModdleNode, context: NodeContext): ProcessNode | undefined {
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
  checkExtensions(element, context);
  let multiInstance: MultiInstanceModel | null = null;
  if (element.loopCharacteristics !== undefined) {
    multiInstance = readMultiInstance(element, context);
  }
  const definitions = nodeList(element, 'eventDefinitions');
  const eventTypes: Readonly<Record<string, readonly string[]>> = {
    'bpmn:StartEvent': context.scope === null ? ['bpmn:MessageEventDefinition'] : [],
    'bpmn:EndEvent': ['bpmn:TerminateEventDefinition', 'bpmn:ErrorEventDefinition'],
    'bpmn:IntermediateCatchEvent': ['bpmn:TimerEventDefinition', 'bpmn:MessageEventDefinition'],
    'bpmn:BoundaryEvent': [
      'bpmn:TimerEventDefinition',
      'bpmn:MessageEventDefinition',
      'bpmn:ErrorEventDefinition',
    ],
  };
  const allowed = eventTypes[element.$type] ?? [];
  if (definitions.length > 1 || definitions.some((d) => !allowed.includes(d.$type))) {
    const kinds = definitions.map((definition) => definition.$type);
    errors.push(elementError(element, `event definitions (${kinds.join(', ')}) are not supported`));
    return undefined;
  }
  const [definition] = definitions;
  if (definition !== undefined) {
    const readHere =
      element.$type === 'bpmn:BoundaryEvent' && definition.$type === 'bpmn:ErrorEventDefinition'
        ? errorVariableAttributes
        : undefined;
    checkExtensions(definition, context, { owner: element, ...(readHere ? { readHere } : {}) });
  }
  checkTemplate(element, 'name', base.name, errors);
  const activity = multiInstance === null ? base : { ...base, multiInstance };
  switch (element.$type) {
    case 'bpmn:StartEvent': {
      const trigger = definition ? readTrigger(element, definition, errors) : undefined;
      return {
        ...base,
        kind: 'startEvent',
        messageName: trigger?.type === 'message' ? trigger.messageName : null,
      };
    }
    case 'bpmn:EndEvent': {
      if (definition?.$type === 'bpmn:TerminateEventDefinition') {
        return {
          ...base,
          kind: 'endEvent',
          terminate: true,
          ...readTerminate(element, definition, context),
        };
      }
      if (definition !== undefined) {
        const trigger = readTrigger(element, definition, errors);
        const errorMessage = thrownErrorMessage(definition);
        checkTemplate(element, 'camunda:errorMessage', errorMessage, errors);
        return {
          ...base,
          kind: 'endEvent',
          throwsError: true,
          errorCode: trigger?.type === 'error' ? trigger.errorCode : null,
          ...(errorMessage === null ? {} : { errorMessage }),
        };
      }
      return { ...base, kind: 'endEvent' };
    }
    case 'bpmn:IntermediateCatchEvent':
    case 'bpmn:BoundaryEvent': {
      if (definition === undefined) {
        errors.push(elementError(element, 'needs a timer, message or error event definition'));
        return undefined;
      }
      const trigger = readTrigger(element, definition, errors);
      if (trigger === undefined) return undefined;
      if (element.$type === 'bpmn:IntermediateCatchEvent') {
        return { ...base, kind: 'catchEvent', trigger };
      }
      const attached = element.attachedToRef as ModdleNode | undefined;
      const attachedTo = attached ? text(attached, 'id') : null;
      if (
        attached === undefined ||
        attachedTo === null ||
        !scopedActivityTypes.has(attached.$type)
      ) {
        errors.push(
          elementError(
            element,
            'a boundary event must sit on a user task, sub-process or call activity',
          ),
        );
        return undefined;
      }
      if (trigger.type === 'error' && attached.$type === 'bpmn:UserTask') {
        errors.push(elementError(element, 'a user task throws no errors to catch'));
      }
      const cancelActivity = element.cancelActivity !== false;
      if (trigger.type === 'error' && !cancelActivity) {
        errors.push(elementError(element, 'an error boundary event always interrupts'));
      }
      const errorVariables =
        trigger.type === 'error' && definition
          ? readErrorVariables(element, definition, context)
          : {};
      return {
        ...base,
        kind: 'boundaryEvent',
        attachedTo,
        cancelActivity,
        trigger,
        ...errorVariables,
      };
    }
    case 'bpmn:InclusiveGateway': {
      const defaultFlow = element.default as ModdleNode | undefined;
      return {
        ...base,
        kind: 'inclusiveGateway',
        defaultFlow: defaultFlow ? text(defaultFlow, 'id') : null,
      };
    }
    case 'bpmn:SubProcess':
      if (element.triggeredByEvent === true) {
        errors.push(elementError(element, 'event sub-processes are not supported'));
      }
      // The start event is found once every node is read (see attachBoundaryEvents).
      return { ...activity, kind: 'subProcess', startEventId: '' };
    case 'bpmn:CallActivity': {
      const calledElement = text(element, 'calledElement') ?? '';
      if (!keyPattern.test(calledElement)) {
        errors.push(elementError(element, `calledElement '${calledElement}' is not a process key`));
      }
      const conflict = (message: string): void => {
        errors.push(elementError(element, message));
      };
      const binding = context.extensions.attribute(element, 'calledElementBinding', conflict);
      if (binding !== null && binding.value !== 'latest') {
        // `deployment`, `version` and `versionTag` pick another version than the latest.
        conflict(
          `${binding.qualified}="${binding.value}" is not supported here: a call activity starts the latest version of the process it names`,
        );
      }
      const mappings = readCallMappings(element, context);
      return { ...activity, kind: 'callActivity', calledElement, ...mappings };
    }
    case 'bpmn:ExclusiveGateway': {
      const defaultFlow = element.default as ModdleNode | undefined;
      return {
        ...base,
        kind: 'exclusiveGateway',
        defaultFlow: defaultFlow ? text(defaultFlow, 'id') : null,
      };
    }
    case 'bpmn:ParallelGateway':
      return { ...base, kind: 'parallelGateway' };
    case 'bpmn:Task':
    case 'bpmn:ManualTask':
      // As in Flowable: a task with no behaviour of its own lets the token pass.
      return { ...base, kind: 'noopTask' };
    case 'bpmn:UserTask':
      return {
        ...readUserTask(element, base, context),
        ...(multiInstance ? { multiInstance } : {}),
      };
    case 'bpmn:ServiceTask': {
      const handler = readHandler(element, context);
      const properties = readProperties(element, errors);
      for (const [name, value] of Object.entries(properties)) {
        checkTemplate(element, `property '${name}'`, value, errors);
      }
      return { ...base, kind: 'serviceTask', handler: handler ?? '', properties };
    }
    default:
      errors.push(unsupported(element));
      return undefined;
  }
}

/** The name a binding like `${creditCheck}` names: one placeholder holding a bare name. */
function boundName(value: string): string | null {
  const pieces = splitTemplate(value.trim(), readName);
  const [only] = pieces;
  return pieces.length === 1 && only?.kind === 'placeholder' ? only.expression : null;
}

/**
 * The handler a service task runs. `type` names it; `class`, `delegateExpression` and
 * `expression` bind code in Camunda, Flowable and Activiti, so they are accepted only when
 * they too name a registered handler (`class="creditCheck"`, `delegateExpression="${creditCheck}"`).
 */
function readHandler(element: ModdleNode, context: NodeContext): string {
  const { errors, extensions } = context;
  const bindings = extensions.attributes(element, ['type', ...codeBindingAttributes]);
  const names = new Set<string>();
  for (const binding of bindings) {
    const name =
      binding.local === 'type' || binding.local === 'class'
        ? binding.value.trim()
        : boundName(binding.value);
    if (name === null || !context.options.serviceHandlers.has(name)) {
      errors.push(
        elementError(
          element,
          binding.local === 'type'
            ? `no service handler named '${binding.value}' is registered`
            : `${binding.qualified} is not supported: '${binding.value}' binds code the engine cannot run; name a registered handler with ${binding.dialect}:type`,
        ),
      );
      continue;
    }
    names.add(name);
  }
  if (bindings.length === 0) {
    errors.push(
      elementError(
        element,
        'a service task must name its handler with camunda:type (or flowable:type, activiti:type)',
      ),
    );
  }
  if (names.size > 1) {
    errors.push(elementError(element, `names several service handlers (${[...names].join(', ')})`));
  }
  return [...names][0] ?? '';
}

function readUserTask(
  element: ModdleNode,
  base: Pick<UserTaskNode, 'id' | 'name' | 'incoming' | 'outgoing'>,
  context: NodeContext,
): UserTaskNode {
  const { errors } = context;
  const conflict = (message: string): void => {
    errors.push(elementError(element, message));
  };
  const attribute = (local: string): ExtensionAttribute | null =>
    context.extensions.attribute(element, local, conflict);
  const properties = readProperties(element, errors);
  const people = readResources(element, errors);
  const assigneeAttribute = attribute('assignee');
  if (assigneeAttribute !== null && people.humanPerformer !== null) {
    conflict(`${assigneeAttribute.qualified} and humanPerformer both name the assignee; keep one`);
  }
  const assignee = immediate(assigneeAttribute?.value ?? people.humanPerformer);
  checkTemplate(element, assigneeAttribute?.qualified ?? 'humanPerformer', assignee, errors);
  const candidateUsers = unique(
    [...splitList(attribute('candidateUsers')?.value ?? null), ...people.candidateUsers].map(
      (item) => immediate(item),
    ),
  );
  const candidateGroups = unique(
    [...splitList(attribute('candidateGroups')?.value ?? null), ...people.candidateGroups].map(
      (item) => immediate(item),
    ),
  );
  for (const item of [...candidateUsers, ...candidateGroups]) {
    checkTemplate(element, 'a candidate', item, errors);
  }
  // A due date is either a fixed ISO duration or an expression read at run time.
  const dueDateAttribute = attribute('dueDate');
  const dueDate = dueDateAttribute?.value ?? null;
  if (dueDateAttribute !== null && dueDate !== null) {
    const parts = checkTemplate(element, dueDateAttribute.qualified, dueDate, errors);
    if (parts !== undefined && !isTemplate(parts) && parseIsoDuration(dueDate) === undefined) {
      errors.push(
        elementError(
          element,
          `${dueDateAttribute.qualified} '${dueDate}' is neither an ISO duration nor \${...}`,
        ),
      );
    }
  }
  const priorityAttribute = attribute('priority');
  const priority = priorityAttribute?.value ?? null;
  if (priorityAttribute !== null && priority !== null) {
    const parts = checkTemplate(element, priorityAttribute.qualified, priority, errors);
    if (parts !== undefined && !isTemplate(parts) && !/^\d{1,9}$/.test(priority.trim())) {
      errors.push(
        elementError(element, `${priorityAttribute.qualified} '${priority}' is not a whole number`),
      );
    }
  }
  const formKey = attribute('formKey')?.value ?? null;
  const initiatorCanCompleteTask =
    readInitiatorCanComplete(element, properties, context) ?? context.initiatorCanCompleteTask;
  const documentation = readTaskDocumentation(element, context);
  const segregation = readSegregation(attribute, conflict);
  if (segregation?.initiator === true && initiatorCanCompleteTask) {
    // One setting would let the starter claim what the other forbids them: say which wins.
    conflict(
      'excludeInitiator contradicts initiatorCanCompleteTask; set the property to false on this task',
    );
  }
  return {
    ...base,
    kind: 'userTask',
    formKey,
    assignee,
    candidateUsers,
    candidateGroups,
    dueDate,
    priority: priority ?? defaultPriority,
    dueDateFrom: readDueDateFrom(
      element,
      properties.dueDateFrom ?? context.processProperties.dueDateFrom,
      errors,
    ),
    initiatorCanCompleteTask,
    ...(segregation === undefined ? {} : { segregation }),
    ...(documentation === null ? {} : { documentation }),
  };
}

/**
 * A user task's `documentation`: the instructions for the person who does it (Flowable's and
 * Camunda's task description). Each element's text loses the indentation its XML gave it and
 * the blank edges; several are joined by a blank line. Its `${...}` are checked like the
 * name's (`#{...}` stays text). Longer than {@link TASK_DESCRIPTION_MAX_LENGTH}, it is cut
 * there with a warning, before any placeholder the cut would split.
 */
function readTaskDocumentation(element: ModdleNode, context: NodeContext): string | null {
  const texts = nodeList(element, 'documentation')
    .map((entry) => withoutIndentation(text(entry, 'text') ?? ''))
    .filter((entry) => entry !== '');
  if (texts.length === 0) return null;
  let documentation = texts.join('\n\n');
  if (documentation.length > TASK_DESCRIPTION_MAX_LENGTH) {
    let cut = cutText(documentation, TASK_DESCRIPTION_MAX_LENGTH);
    splitTemplate(
      cut,
      () => undefined,
      (offset) => {
        cut = `${cut.slice(0, offset).trimEnd()}…`;
      },
    );
    context.warnings.push({
      elementId: text(element, 'id'),
      elementType: element.$type,
      attribute: 'documentation',
      message: `${label(element)}: its documentation has ${documentation.length} characters; the task shows the first ${TASK_DESCRIPTION_MAX_LENGTH}`,
    });
    documentation = cut;
  }
  try {
    parseTemplate(documentation);
  } catch (error) {
    context.errors.push(expressionError(element, 'documentation', error));
  }
  return documentation;
}

/**
 * A text without the indentation its lines share (the XML around it gave them that) and
 * without blank lines or spaces at its edges; the author's line breaks stay.
 */
function withoutIndentation(value: string): string {
  const lines = value.split('\n').map((line) => line.trimEnd());
  // A reduce, not Math.min(...): a hostile file may hold more lines than a call has arguments.
  const shared = lines
    .slice(1)
    .filter((line) => line.trim() !== '')
    .reduce((least, line) => Math.min(least, /^[ \t]*/.exec(line)?.[0].length ?? 0), Infinity);
  const indent = Number.isFinite(shared) ? shared : 0;
  return [lines[0] ?? '', ...lines.slice(1).map((line) => line.slice(indent))].join('\n').trim();
}

/**
 * Whether this user task's starter may complete it, when the task says so itself: the
 * `initiatorCanCompleteTask` property, the same as an attribute (Flowable, Activiti), or
 * APS's `initiator-can-complete` extension element. Several that disagree are refused.
 */
function readInitiatorCanComplete(
  element: ModdleNode,
  properties: Readonly<Record<string, string>>,
  context: NodeContext,
): boolean | undefined {
  const { errors, extensions } = context;
  const given: { readonly where: string; readonly value: string }[] = [];
  if ('initiatorCanCompleteTask' in properties) {
    given.push({
      where: "property 'initiatorCanCompleteTask'",
      value: properties.initiatorCanCompleteTask ?? '',
    });
  }
  for (const attribute of extensions.attributes(element, ['initiatorCanCompleteTask'])) {
    given.push({ where: attribute.qualified, value: attribute.value });
  }
  for (const extension of extensionValues(element)) {
    const name = extension.$type.slice(extension.$type.indexOf(':') + 1);
    const inDialect =
      extensions.dialectOf(extension.$type) !== undefined ||
      extension.$type.startsWith(`${normalisedPrefixes[APS_MODELER_URI] ?? ''}:`);
    if (name === INITIATOR_CAN_COMPLETE_ELEMENT && inDialect) {
      given.push({
        where: extensions.spelled(extension.$type),
        value: (text(extension, '$body') ?? '').trim(),
      });
    }
  }
  const [first] = given;
  if (first === undefined) return undefined;
  for (const entry of given) {
    if (entry.value !== 'true' && entry.value !== 'false') {
      errors.push(
        elementError(element, `${entry.where} must be 'true' or 'false', not '${entry.value}'`),
      );
    } else if (entry.value !== first.value) {
      errors.push(
        elementError(
          element,
          `${first.where}="${first.value}" and ${entry.where}="${entry.value}" disagree`,
        ),
      );
    }
  }
  return first.value === 'true';
}

/** Who a task is for, from the standard BPMN resource roles. */
interface ResourceAssignments {
  readonly humanPerformer: string | null;
  readonly candidateUsers: readonly string[];
  readonly candidateGroups: readonly string[];
}

/**
 * Reads `humanPerformer` (the assignee) and `potentialOwner` (candidates) the way Flowable
 * and Activiti do: the formal expression is a comma list of `user(id)`, `group(id)` or a
 * bare id, which names a group.
 */
function readResources(element: ModdleNode, errors: DeployError[]): ResourceAssignments {
  let humanPerformer: string | null = null;
  const candidateUsers: string[] = [];
  const candidateGroups: string[] = [];
  for (const resource of nodeList(element, 'resources')) {
    const role = resource.$type === 'bpmn:HumanPerformer' ? 'humanPerformer' : 'potentialOwner';
    if (resource.$type !== 'bpmn:HumanPerformer' && resource.$type !== 'bpmn:PotentialOwner') {
      errors.push(elementError(element, `${resource.$type} is not supported`));
      continue;
    }
    const assignment = resource.resourceAssignmentExpression as ModdleNode | undefined;
    const expression = assignment?.expression as ModdleNode | undefined;
    const body = expression ? (text(expression, 'body') ?? '').trim() : '';
    if (
      resource.resourceRef !== undefined ||
      nodeList(resource, 'resourceParameterBindings').length > 0
    ) {
      errors.push(
        elementError(
          element,
          `${role} by resource reference is not supported; use a formal expression`,
        ),
      );
      continue;
    }
    if (body === '') {
      errors.push(elementError(element, `${role} needs a formal expression naming people`));
      continue;
    }
    if (role === 'humanPerformer') {
      if (humanPerformer !== null) {
        errors.push(elementError(element, 'a user task has at most one humanPerformer'));
      }
      humanPerformer = body;
      continue;
    }
    for (const item of splitList(body)) {
      const match = /^(user|group)\((.*)\)$/.exec(item);
      const id = (match?.[2] ?? item).trim();
      if (id === '') {
        errors.push(elementError(element, `potentialOwner '${item}' names nobody`));
      } else if (match?.[1] === 'user') {
        candidateUsers.push(id);
      } else {
        candidateGroups.push(id);
      }
    }
  }
  return { humanPerformer, candidateUsers, candidateGroups };
}

function unique(items: readonly string[]): string[] {
  return [...new Set(items)];
}

function readDueDateFrom(
  element: ModdleNode,
  value: string | undefined,
  errors: DeployError[],
): DueDateFrom {
  if (value === undefined || value === 'taskCreated') return 'taskCreated';
  if (value === 'instanceStart') return 'instanceStart';
  errors.push(
    elementError(element, `dueDateFrom must be 'taskCreated' or 'instanceStart', not '${value}'`),
  );
  return 'taskCreated';
}

function readFlow(
  element: ModdleNode,
  takenIds: Set<string | null>,
  read: Reading,
): SequenceFlowModel | undefined {
  const { errors } = read;
  const source = element.sourceRef as ModdleNode | undefined;
  const target = element.targetRef as ModdleNode | undefined;
  if (source === undefined || target === undefined) {
    errors.push(elementError(element, 'a sequence flow needs a sourceRef and a targetRef'));
    return undefined;
  }
  // A flow drawn without an id gets one from its ends, as nothing can refer to it.
  let id = text(element, 'id');
  if (id === null) {
    const stem = `flow_${text(source, 'id') ?? ''}_${text(target, 'id') ?? ''}`;
    id = stem;
    for (let suffix = 2; takenIds.has(id); suffix += 1) id = `${stem}_${suffix}`;
    takenIds.add(id);
  }
  checkExtensions(element, read);
  // A condition is read only as a `${...}` in our grammar; a script language is refused.
  const expression = element.conditionExpression as ModdleNode | undefined;
  let condition: string | null = null;
  if (expression !== undefined) {
    const language = text(expression, 'language');
    condition = text(expression, 'body') ?? '';
    if (language !== null || text(expression, 'resource') !== null) {
      errors.push(
        elementError(element, `scripted conditions (${language ?? 'resource'}) are not supported`),
      );
    } else {
      try {
        parseCondition(condition);
      } catch (error) {
        errors.push(expressionError(element, `condition '${condition}'`, error));
      }
    }
  }
  return {
    id,
    name: text(element, 'name'),
    source: text(source, 'id') ?? '',
    target: text(target, 'id') ?? '',
    condition,
  };
}

/** Returns the start event id when the graph is runnable; pushes errors otherwise. */
function checkGraph(
  nodes: Readonly<Record<string, ProcessNode>>,
  flows: Readonly<Record<string, SequenceFlowModel>>,
  errors: DeployError[],
): string | undefined {
  const all = Object.values(nodes);
  const describe = (node: ProcessNode): DeployError => ({
    elementId: node.id,
    elementType: `bpmn:${node.kind.charAt(0).toUpperCase()}${node.kind.slice(1)}`,
    message: '',
  });
  const fail = (node: ProcessNode, message: string): void => {
    const named = describe(node);
    errors.push({ ...named, message: `${named.elementType} '${node.id}': ${message}` });
  };

  // 1. Flows must join nodes of this process.
  for (const flow of Object.values(flows)) {
    for (const end of [flow.source, flow.target]) {
      if (nodes[end] === undefined) {
        errors.push({
          elementId: flow.id,
          elementType: 'bpmn:SequenceFlow',
          message: `bpmn:SequenceFlow '${flow.id}': '${end}' is not a flow node of this process`,
        });
      }
    }
  }
  // A flow stays inside its sub-process: a token cannot leave a scope but by its end.
  for (const flow of Object.values(flows)) {
    const source = nodes[flow.source];
    const target = nodes[flow.target];
    if (source && target && (source.scope ?? null) !== (target.scope ?? null)) {
      errors.push({
        elementId: flow.id,
        elementType: 'bpmn:SequenceFlow',
        message: `bpmn:SequenceFlow '${flow.id}': crosses the border of a sub-process`,
      });
    }
  }
  // 2. One none start event per process and sub-process (the process may have message
  //    start events besides, or instead), at least one end event in each.
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
    const noneStarts = inScope.filter((node) => node.kind === 'startEvent' && !node.messageName);
    const messageStartCount =
      inScope.length -
      inScope.filter((node) => node.kind !== 'startEvent' || !node.messageName).length;
    const where = scope === null ? 'A process' : `Sub-process '${scope}'`;
    const scopeNode = scope === null ? undefined : nodes[scope];
    const report = (message: string): void => {
      if (scopeNode === undefined) errors.push(fileError(message));
      else fail(scopeNode, message);
    };
    if (
      noneStarts.length > 1 ||
      (noneStarts.length === 0 && (scope !== null || messageStartCount === 0))
    ) {
      report(`${where} needs exactly one start event; found ${noneStarts.length}`);
    }
    if (!inScope.some((node) => node.kind === 'endEvent' || endsImplicitly(node))) {
      report(`${where} needs at least one end event or an activity no flow leaves`);
    }
  }
  // 3. Arity per kind, and conditions only where they are evaluated.
  for (const node of all) {
    const outs = node.outgoing.map((id) => flows[id]).filter((flow) => flow !== undefined);
    if ((node.kind === 'startEvent' || node.kind === 'boundaryEvent') && node.incoming.length > 0)
      fail(
        node,
        `a ${node.kind === 'startEvent' ? 'start' : 'boundary'} event cannot have incoming flows`,
      );
    if (node.kind !== 'startEvent' && node.kind !== 'boundaryEvent' && node.incoming.length === 0)
      fail(node, 'no flow leads here');
    if (node.kind === 'endEvent' && outs.length > 0)
      fail(node, 'an end event cannot have outgoing flows');
    if (node.kind !== 'endEvent' && !endsImplicitly(node) && outs.length === 0) {
      fail(node, 'no flow leaves here');
    }
    const isGateway =
      node.kind === 'exclusiveGateway' ||
      node.kind === 'parallelGateway' ||
      node.kind === 'inclusiveGateway';
    if (!isGateway && node.kind !== 'endEvent' && outs.length > 1) {
      fail(
        node,
        'only a gateway may have several outgoing flows; add an exclusive, inclusive or parallel gateway',
      );
    }
    for (const flow of outs) {
      if (
        flow.condition !== null &&
        node.kind !== 'exclusiveGateway' &&
        node.kind !== 'inclusiveGateway'
      ) {
        errors.push({
          elementId: flow.id,
          elementType: 'bpmn:SequenceFlow',
          message: `bpmn:SequenceFlow '${flow.id}': only flows leaving an exclusive or inclusive gateway may carry a condition`,
        });
      }
    }
    if (node.kind === 'exclusiveGateway' || node.kind === 'inclusiveGateway') {
      if (node.defaultFlow !== null) {
        const defaultFlow = flows[node.defaultFlow];
        if (defaultFlow === undefined || defaultFlow.source !== node.id) {
          fail(node, `the default flow '${node.defaultFlow}' does not leave this gateway`);
        } else if (defaultFlow.condition !== null) {
          fail(node, `the default flow '${node.defaultFlow}' must not carry a condition`);
        }
      }
      // An inclusive gateway takes a flow without a condition always, as Flowable does.
      if (outs.length > 1 && node.kind === 'exclusiveGateway') {
        for (const flow of outs) {
          if (flow.condition === null && flow.id !== node.defaultFlow) {
            fail(node, `outgoing flow '${flow.id}' needs a condition or must be the default flow`);
          }
        }
      }
    }
  }
  const start = starts.find((node) => node.kind === 'startEvent' && !node.messageName) ?? starts[0];
  if (errors.length > 0 || start === undefined) return undefined;

  // 4. Every node is reachable from a start and can reach an end; an activity leads to
  //    its boundary events, a sub-process to its start event.
  const forward = reach(
    starts.map((node) => node.id),
    (node) => [
      ...node.outgoing.map((id) => flows[id]?.target),
      ...(node.boundaryEvents ?? []),
      ...(node.kind === 'subProcess' ? [node.startEventId] : []),
    ],
  );
  const ends = all
    .filter((node) => node.kind === 'endEvent' || endsImplicitly(node))
    .map((node) => node.id);
  const backward = reach(ends, (node) => node.incoming.map((id) => flows[id]?.source));
  function reach(from: string[], next: (node: ProcessNode) => (string | undefined)[]): Set<string> {
    const seen = new Set<string>(from);
    const queue = [...from];
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      const node = nodes[id];
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

/**
 * A node on a cycle of automatic nodes (no user task on it), found by a depth-first search
 * with its own stack, so a chain of any length cannot overflow the call stack.
 */
function waits(node: ProcessNode): boolean {
  return node.kind === 'userTask' || node.kind === 'catchEvent';
}

function findAutomaticLoop(
  nodes: Readonly<Record<string, ProcessNode>>,
  flows: Readonly<Record<string, SequenceFlowModel>>,
): ProcessNode | undefined {
  const state = new Map<string, 'open' | 'done'>();
  const automaticTargets = (node: ProcessNode): ProcessNode[] =>
    node.outgoing
      .map((flowId) => nodes[flows[flowId]?.target ?? ''])
      .filter((target): target is ProcessNode => target !== undefined && !waits(target));
  for (const root of Object.values(nodes)) {
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

/**
 * Extension elements Flowable's designer writes for itself: how its task panel offers
 * candidates, and the element form of `formFieldValidation`. Neither changes how the process
 * runs, so neither refuses a file.
 */
const designerSettings: ReadonlySet<string> = new Set([
  'task-candidates-type',
  'work-form-field-validation',
]);

/** Where `checkExtensions` reports, and what it reads there. */
interface ExtensionCheck {
  /** The flow node named in a refusal (for an event definition, its event); the element itself by default. */
  readonly owner?: ModdleNode;
  /** The extension attributes read on the element; by default those of `readOn`. */
  readonly readHere?: ReadonlySet<string>;
}

/**
 * Refuses what the engine cannot honour: Camunda, Flowable or Activiti extension elements
 * other than Camunda properties (listeners, fields, form properties... each changes
 * behaviour), and extension attributes of any dialect it does not read on this element.
 */
function checkExtensions(element: ModdleNode, read: Reading, check: ExtensionCheck = {}): void {
  const { extensions, errors } = read;
  const owner = check.owner ?? element;
  extensions.bindPrefixes(element);
  for (const extension of extensionValues(element)) {
    const dialect = extensions.dialectOf(extension.$type);
    const name = extension.$type.slice(extension.$type.indexOf(':') + 1);
    const local = name.toLowerCase();
    const isMapping = element.$type === 'bpmn:CallActivity' && (local === 'in' || local === 'out');
    const isInitiatorFlag =
      element.$type === 'bpmn:UserTask' && local === INITIATOR_CAN_COMPLETE_ELEMENT;
    if (
      dialect !== undefined &&
      !readableExtensions.has(extension.$type) &&
      !isMapping &&
      !isInitiatorFlag &&
      !designerSettings.has(local)
    ) {
      const reason = /listener$/i.test(extension.$type)
        ? 'listeners run code and are not supported'
        : `is not supported${refusalReasons[name] === undefined ? '' : `: ${refusalReasons[name]}`}`;
      errors.push(elementError(owner, `${extensions.spelled(extension.$type)} ${reason}`));
    }
  }
  for (const attribute of extensions.unsupportedAttributes(
    element,
    check.readHere ?? readOn[element.$type] ?? readsNothing,
  )) {
    // Flowable's modeller writes calledElementType="key"; by key is how a call is resolved.
    if (
      element.$type === 'bpmn:CallActivity' &&
      attribute.local === 'calledElementType' &&
      attribute.value === 'key'
    ) {
      continue;
    }
    errors.push(elementError(owner, attributeRefusal(attribute)));
  }
}

/**
 * Error codes written straight into `errorRef` (Flowable reads an errorRef that names no
 * `<error>` as the code itself), by the event definition that holds them.
 */
const bareErrorCodes = new WeakMap<object, string>();

/** An `errorRef` naming no declared error: kept as the error code, as Flowable does. */
/**
 * The standard multi-instance form names its collection with `<loopDataInputRef>` and the
 * item with `<inputDataItem name>`. Flowable reads the reference as the name of a process
 * variable rather than of a declared data input, and so do we: the meta-model cannot resolve
 * it, so the name is kept here for `readMultiInstance`.
 */
const collectionNames = new WeakMap<object, string>();

/** A `loopDataInputRef` that names a declared data input: its id is the variable's name. */
function declaredInput(loop: ModdleNode): string | null {
  const input = loop.loopDataInputRef as ModdleNode | undefined;
  return input ? text(input, 'id') : null;
}

function isCollectionName(warning: Error): boolean {
  const { element, property, value } = warning as {
    element?: { $type?: unknown };
    property?: unknown;
    value?: unknown;
  };
  if (
    element?.$type !== 'bpmn:MultiInstanceLoopCharacteristics' ||
    property !== 'bpmn:loopDataInputRef' ||
    typeof value !== 'string'
  ) {
    return false;
  }
  collectionNames.set(element, value);
  return true;
}

function isBareErrorCode(warning: Error): boolean {
  const { element, property, value } = warning as {
    element?: { $type?: unknown };
    property?: unknown;
    value?: unknown;
  };
  if (
    element?.$type !== 'bpmn:ErrorEventDefinition' ||
    property !== 'bpmn:errorRef' ||
    typeof value !== 'string'
  ) {
    return false;
  }
  bareErrorCodes.set(element, value);
  return true;
}

/** A reader warning about the diagram only, such as a shape pointing at nothing. */
function isDrawingWarning(warning: Error): boolean {
  const element = (warning as { element?: { $type?: unknown } }).element;
  const type = typeof element?.$type === 'string' ? element.$type : '';
  return /^(bpmndi|di|dc):/.test(type) && warning.message.startsWith('unresolved reference');
}

/** `camunda:property` name/value pairs from the element's extension elements. */
function readProperties(element: ModdleNode, errors: DeployError[]): Record<string, string> {
  // A prototype-free object, so a property named like an Object method stays plain data.
  const properties: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const extension of extensionValues(element)) {
    if (extension.$type !== 'camunda:Properties') continue;
    for (const property of nodeList(extension, 'values')) {
      const name = text(property, 'name');
      if (name === null) {
        errors.push(elementError(element, 'a camunda:property needs a name'));
        continue;
      }
      properties[name] = text(property, 'value') ?? '';
    }
  }
  return { ...properties };
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

function checkTemplate(
  element: ModdleNode,
  what: string,
  value: string | null,
  errors: DeployError[],
): ReturnType<typeof parseTemplate> | undefined {
  if (value === null) return undefined;
  try {
    return parseTemplate(value);
  } catch (error) {
    errors.push(expressionError(element, `${what} '${value}'`, error));
    return undefined;
  }
}

/** Splits a comma list, keeping commas inside `${...}` (such as in a quoted string). */
/**
 * An assignment written with JUEL's deferred syntax (`#{approver}`), which Flowable and
 * Activiti evaluate exactly as `${approver}` when the task is created: read as such, not
 * kept as a literal user id.
 */
function immediate<T extends string | null>(text: T): T {
  return (text === null ? text : text.replace(/#\{/g, '${')) as T;
}

function splitList(value: string | null): string[] {
  if (value === null) return [];
  const items: string[] = [];
  let depth = 0;
  let current = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value.charAt(index);
    if ((char === '$' || char === '#') && value.charAt(index + 1) === '{') depth += 1;
    else if (char === '}' && depth > 0) depth -= 1;
    if (char === ',' && depth === 0) {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function documentation(element: ModdleNode): string | null {
  const texts = nodeList(element, 'documentation')
    .map((entry) => text(entry, 'text'))
    .filter((entry): entry is string => entry !== null);
  return texts.length > 0 ? texts.join('\n') : null;
}

function extensionValues(element: ModdleNode): ModdleNode[] {
  const container = element.extensionElements as ModdleNode | undefined;
  return container ? nodeList(container, 'values') : [];
}

function nodeList(element: ModdleNode, property: string): ModdleNode[] {
  const value = element[property];
  return Array.isArray(value) ? (value as ModdleNode[]) : [];
}

function text(element: ModdleNode, property: string): string | null {
  const value = element[property];
  return typeof value === 'string' ? value : null;
}

function listFor(map: Map<string, string[]>, key: string): string[] {
  let list = map.get(key);
  if (list === undefined) {
    list = [];
    map.set(key, list);
  }
  return list;
}

function label(element: ModdleNode): string {
  return `${element.$type} '${text(element, 'id') ?? '(no id)'}'`;
}

function elementError(element: ModdleNode, message: string): DeployError {
  return {
    elementId: text(element, 'id'),
    elementType: element.$type,
    message: `${label(element)}: ${message}`,
  };
}

function unsupported(element: ModdleNode): DeployError {
  return elementError(element, 'this element type is not supported by the engine');
}

function expressionError(element: ModdleNode, what: string, error: unknown): DeployError {
  if (error instanceof ExpressionSyntaxError) {
    return elementError(element, `${what} is refused: ${error.message} (at ${error.position})`);
  }
  throw error;
}

function fileError(message: string): DeployError {
  return { elementId: null, elementType: null, message };
}

/** A flow element and the sub-process it lies in (null at the process level). */
interface ScopedElement {
  readonly element: ModdleNode;
  readonly scope: string | null;
}

/** The flow elements of a process or sub-process and, depth first, of its sub-processes. */
function collectFlowElements(container: ModdleNode, scope: string | null): ScopedElement[] {
  const found: ScopedElement[] = [];
  for (const element of nodeList(container, 'flowElements')) {
    if (dataTypes.has(element.$type)) continue;
    found.push({ element, scope });
    if (element.$type === 'bpmn:SubProcess') {
      found.push(...collectFlowElements(element, text(element, 'id')));
    }
  }
  return found;
}

/**
 * Lists each activity's boundary events on it and gives each sub-process its start event,
 * once every node is read.
 */
function attachBoundaryEvents(nodes: Record<string, ProcessNode>): void {
  for (const node of Object.values(nodes)) {
    if (node.kind === 'boundaryEvent') {
      const activity = nodes[node.attachedTo];
      if (activity !== undefined) {
        nodes[activity.id] = {
          ...activity,
          boundaryEvents: [...(activity.boundaryEvents ?? []), node.id],
        };
      }
    }
  }
  // Each sub-process starts at the first start event inside it: found in one pass, since a
  // file may hold a thousand sub-processes.
  const firstStart = new Map<string, string>();
  for (const node of Object.values(nodes)) {
    if (node.kind === 'startEvent' && node.scope && !firstStart.has(node.scope))
      firstStart.set(node.scope, node.id);
  }
  for (const node of Object.values(nodes)) {
    if (node.kind !== 'subProcess') continue;
    nodes[node.id] = { ...node, startEventId: firstStart.get(node.id) ?? '' };
  }
}

/** Message start events by message name. */
function messageStarts(nodes: Readonly<Record<string, ProcessNode>>): Record<string, string> {
  const starts: Record<string, string> = {};
  for (const node of Object.values(nodes)) {
    if (node.kind === 'startEvent' && node.messageName) starts[node.messageName] = node.id;
  }
  return starts;
}

/** What a catch, boundary, start or end event's definition waits for or throws. */
function readTrigger(
  element: ModdleNode,
  definition: ModdleNode,
  errors: DeployError[],
): EventTrigger | undefined {
  switch (definition.$type) {
    case 'bpmn:MessageEventDefinition': {
      const message = definition.messageRef as ModdleNode | undefined;
      const messageName = message ? (text(message, 'name') ?? text(message, 'id')) : null;
      if (messageName === null || messageName.trim() === '') {
        errors.push(elementError(element, 'a message event needs a messageRef to a named message'));
        return undefined;
      }
      return { type: 'message', messageName };
    }
    case 'bpmn:ErrorEventDefinition': {
      const error = definition.errorRef as ModdleNode | undefined;
      const errorCode = error
        ? (text(error, 'errorCode') ?? text(error, 'id'))
        : (bareErrorCodes.get(definition) ?? null);
      return { type: 'error', errorCode };
    }
    case 'bpmn:TimerEventDefinition': {
      const timer = readTimer(element, definition, errors);
      return timer ? { type: 'timer', timer } : undefined;
    }
    default:
      errors.push(elementError(element, `${definition.$type} is not supported`));
      return undefined;
  }
}

/** Exactly one of timeDuration, timeDate, timeCycle: an ISO text or a `${...}` giving one. */
function readTimer(
  element: ModdleNode,
  definition: ModdleNode,
  errors: DeployError[],
): TimerModel | undefined {
  const kinds = [
    ['duration', 'timeDuration'],
    ['date', 'timeDate'],
    ['cycle', 'timeCycle'],
  ] as const;
  const given = kinds.filter(([, property]) => definition[property] !== undefined);
  const [first] = given;
  if (first === undefined || given.length > 1) {
    errors.push(
      elementError(element, 'a timer needs exactly one of timeDuration, timeDate or timeCycle'),
    );
    return undefined;
  }
  const [type, property] = first;
  const value = (text(definition[property] as ModdleNode, 'body') ?? '').trim();
  const parts = checkTemplate(element, property, value, errors);
  if (parts !== undefined && !isTemplate(parts) && !isValidTimerText(type, value)) {
    errors.push(elementError(element, `${property} '${value}' is not a valid ISO ${type}`));
    return undefined;
  }
  return { type, value };
}

/**
 * `terminateAll` (Flowable, Activiti) ends the whole instance, and the instances that called
 * it, wherever the end event lies; `terminateMultiInstance` (Flowable) ends every item of
 * the nearest enclosing multi-instance activity, which then completes.
 */
function readTerminate(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): { terminateAll?: true; terminateMultiInstance?: true } {
  const flag = (local: string): boolean => {
    const attribute = read.extensions.attribute(definition, local, (message) => {
      read.errors.push(elementError(element, message));
    });
    if (attribute === null) return false;
    if (attribute.value !== 'true' && attribute.value !== 'false') {
      read.errors.push(
        elementError(
          element,
          `${attribute.qualified} must be 'true' or 'false', not '${attribute.value}'`,
        ),
      );
    }
    return attribute.value === 'true';
  };
  const all = flag('terminateAll');
  const multiInstance = flag('terminateMultiInstance');
  // As in Flowable, terminateAll wins: it ends the multi-instance activity too.
  if (all) return { terminateAll: true };
  return multiInstance ? { terminateMultiInstance: true } : {};
}

/**
 * The message of the error an error end event throws: Camunda's `camunda:errorMessage` on
 * the declared `<error>` (text or `${...}`, rendered when thrown), or null.
 */
function thrownErrorMessage(definition: ModdleNode): string | null {
  const error = definition.errorRef as ModdleNode | undefined;
  return error ? text(error, 'errorMessage') : null;
}

/**
 * `errorCodeVariable` and `errorMessageVariable` on an error boundary event's definition
 * (Camunda; read in each dialect): the process variables that receive the caught error's
 * code and message.
 */
function readErrorVariables(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): { errorCodeVariable?: string; errorMessageVariable?: string } {
  const found: { errorCodeVariable?: string; errorMessageVariable?: string } = {};
  for (const local of ['errorCodeVariable', 'errorMessageVariable'] as const) {
    const attribute = read.extensions.attribute(definition, local, (message) => {
      read.errors.push(elementError(element, message));
    });
    if (attribute === null) continue;
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(attribute.value) || isForbiddenName(attribute.value)) {
      read.errors.push(
        elementError(
          element,
          `${attribute.qualified} '${attribute.value}' is not a usable variable name`,
        ),
      );
      continue;
    }
    found[local] = attribute.value;
  }
  return found;
}

/** `multiInstanceLoopCharacteristics` on a user task, sub-process or call activity. */
function readMultiInstance(element: ModdleNode, context: NodeContext): MultiInstanceModel | null {
  const { errors, extensions } = context;
  const loop = element.loopCharacteristics as ModdleNode;
  if (loop.$type !== 'bpmn:MultiInstanceLoopCharacteristics') {
    errors.push(elementError(element, `${loop.$type} is not supported; use multi-instance`));
    return null;
  }
  if (!scopedActivityTypes.has(element.$type)) {
    errors.push(
      elementError(
        element,
        'only user tasks, sub-processes and call activities may be multi-instance',
      ),
    );
    return null;
  }
  const conflict = (message: string): void => {
    errors.push(elementError(element, message));
  };
  checkExtensions(loop, context, { owner: element });
  // The extension attributes, else the standard form: `loopDataInputRef` and `inputDataItem`.
  const collection =
    extensions.attribute(loop, 'collection', conflict)?.value ??
    collectionNames.get(loop) ??
    declaredInput(loop) ??
    null;
  const dataItem = loop.inputDataItem as ModdleNode | undefined;
  const elementVariable =
    extensions.attribute(loop, 'elementVariable', conflict)?.value ??
    (dataItem ? text(dataItem, 'name') : undefined) ??
    null;
  const cardinalityNode = loop.loopCardinality as ModdleNode | undefined;
  const cardinality = cardinalityNode ? (text(cardinalityNode, 'body') ?? '').trim() : null;
  const conditionNode = loop.completionCondition as ModdleNode | undefined;
  const completionCondition = conditionNode ? (text(conditionNode, 'body') ?? '').trim() : null;
  if (collection === null && cardinality === null) {
    conflict('a multi-instance activity needs a collection or a loopCardinality');
  }
  if (collection !== null) {
    const parts = checkTemplate(element, 'collection', collection, errors);
    if (
      parts !== undefined &&
      !isTemplate(parts) &&
      (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(collection) ||
        collection.split('.').some(isForbiddenName))
    ) {
      conflict(`collection '${collection}' is neither a variable name nor \${...}`);
    }
  }
  if (cardinality !== null) {
    const parts = checkTemplate(element, 'loopCardinality', cardinality, errors);
    if (parts !== undefined && !isTemplate(parts) && !/^\d{1,6}$/.test(cardinality)) {
      conflict(`loopCardinality '${cardinality}' is not a whole number`);
    }
  }
  if (
    elementVariable !== null &&
    (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(elementVariable) || isForbiddenName(elementVariable))
  ) {
    conflict(`elementVariable '${elementVariable}' is not a usable variable name`);
  }
  if (completionCondition !== null) {
    try {
      parseCondition(completionCondition);
    } catch (error) {
      errors.push(expressionError(element, `completionCondition '${completionCondition}'`, error));
    }
  }
  return {
    sequential: loop.isSequential === true,
    cardinality,
    collection,
    elementVariable,
    completionCondition,
  };
}

/**
 * Settings of an `in` or `out` mapping that change what is copied in a way the engine does
 * not: `local` copies to or from the call activity's own variables (there are none here),
 * `businessKey` hands the called instance a business key.
 */
const unreadMappingSettings = ['local', 'businessKey'] as const;

/** A call activity's `in` and `out` mappings (Camunda elements, or Flowable/Activiti ones). */
function readCallMappings(
  element: ModdleNode,
  read: Reading,
): { inputs: VariableMapping[]; outputs: VariableMapping[] } {
  const { errors, extensions } = read;
  const inputs: VariableMapping[] = [];
  const outputs: VariableMapping[] = [];
  for (const extension of extensionValues(element)) {
    const local = extension.$type.slice(extension.$type.indexOf(':') + 1).toLowerCase();
    if (local !== 'in' && local !== 'out') continue;
    const unread = unreadMappingSettings.filter((name) => {
      const value = extension[name];
      return value !== undefined && value !== null && value !== false && value !== 'false';
    });
    if (unread.length > 0) {
      for (const name of unread) {
        errors.push(
          elementError(
            element,
            `${extensions.spelled(extension.$type)} ${name}="${String(extension[name] as string | boolean)}" is not supported`,
          ),
        );
      }
      continue;
    }
    const source = text(extension, 'source');
    const sourceExpression = text(extension, 'sourceExpression');
    const target = text(extension, 'target');
    const all = text(extension, 'variables') === 'all';
    const usable = (name: string | null): boolean =>
      name !== null && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !isForbiddenName(name);
    if (
      !all &&
      (!usable(target) ||
        (source === null) === (sourceExpression === null) ||
        (source !== null && !usable(source)))
    ) {
      errors.push(
        elementError(
          element,
          `${extension.$type} needs variables="all", or a target and one of source or sourceExpression naming usable variables`,
        ),
      );
      continue;
    }
    if (sourceExpression !== null)
      checkTemplate(element, 'sourceExpression', sourceExpression, errors);
    (local === 'in' ? inputs : outputs).push({ source, sourceExpression, target, all });
  }
  return { inputs, outputs };
}
