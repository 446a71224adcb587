import type { ModdleNode } from 'bpmn-moddle';
import { TASK_DESCRIPTION_MAX_LENGTH } from '../../../schemas/api/tasksConstants';
import { splitTemplate } from '../../../src/core/template';
import { cutText } from '../cutText';
import type { DeployError } from '../engineErrors';
import { isTemplate, parseTemplate } from '../expressions/parseTemplate';
import {
  APS_MODELER_URI,
  normalisedPrefixes,
  type ExtensionAttribute,
} from '../parse/extensionDialects';
import {
  checkTemplate,
  elementError,
  expressionError,
  extensionValues,
  label,
  nodeList,
  readProperties,
  text,
} from '../parse/moddleNodes';
import type { DueDateFrom, UserTaskNode } from '../processModel';
import { parseIsoDuration } from '../runner/parseIsoDuration';
import { readSegregation, SEGREGATION_ATTRIBUTES } from '../taskSegregation';
import type { BaseFields, ElementModule, NodeContext } from './elementModule';
import { executeUserTask } from './userTask.run';

/**
 * APS's modeller writes "the initiator may complete this task" as an extension element of
 * the user task (`modeler:initiator-can-complete`, body `true`); it is read like the
 * `initiatorCanCompleteTask` property.
 */
const INITIATOR_CAN_COMPLETE_ELEMENT = 'initiator-can-complete';

/** Flowable's default task priority. */
const defaultPriority = '50';

/** A wait state that becomes a task row for people to claim and complete. */
export const userTask: ElementModule<'userTask'> = {
  kind: 'userTask',
  role: { activity: true, waits: true },
  scopedActivity: true,
  attributes: new Set([
    'initiatorCanCompleteTask',
    'assignee',
    'candidateUsers',
    'candidateGroups',
    'formKey',
    'dueDate',
    'priority',
    ...SEGREGATION_ATTRIBUTES,
  ]),
  readsExtension: (local) => local === INITIATOR_CAN_COMPLETE_ELEMENT,
  read(element, { base, multiInstance }, context) {
    return {
      ...readUserTask(element, base, context),
      ...(multiInstance ? { multiInstance } : {}),
    };
  },
  enter: (node, token, run) => run.enterActivity(token, node),
  execute: executeUserTask,
};

function readUserTask(element: ModdleNode, base: BaseFields, context: NodeContext): UserTaskNode {
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

/**
 * An assignment written with JUEL's deferred syntax (`#{approver}`), which Flowable and
 * Activiti evaluate exactly as `${approver}` when the task is created: read as such, not
 * kept as a literal user id.
 */
function immediate<T extends string | null>(text: T): T {
  return (text === null ? text : text.replace(/#\{/g, '${')) as T;
}

/** Splits a comma list, keeping commas inside `${...}` (such as in a quoted string). */
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
