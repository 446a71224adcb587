import type { ModdleNode } from 'bpmn-moddle';
import type { DeployError } from '../engineErrors';
import type { ExtensionAttribute, ExtensionReader } from './extensionDialects';
import { elementError, extensionValues } from './moddleNodes';

/** What every reading step shares: the file's extension namespaces and the problems found. */
export interface Reading {
  readonly extensions: ExtensionReader;
  readonly errors: DeployError[];
}

/**
 * Why an extension attribute the engine does not read is refused, where a reason helps the
 * author more than the bare refusal (any dialect; the attribute's local name is the key).
 */
export const refusalReasons: Readonly<Record<string, string>> = {
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
  errorCodeVariable: 'only a catching error event stores the error it catches',
  errorMessageVariable: 'only a catching error event stores the error it catches',
  escalationCodeVariable: 'only a catching escalation event stores the escalation it catches',
  variableAggregation: 'the items of a multi-instance activity share the process variables',
};

/** Refuses an extension attribute the engine does not read on this element. */
function attributeRefusal(attribute: ExtensionAttribute): string {
  const reason = refusalReasons[attribute.local];
  return `${attribute.qualified}="${attribute.value}" is not supported here${reason === undefined ? '' : `: ${reason}`}`;
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

/** The one Camunda extension element the engine reads; other Camunda ones change behaviour we do not run. */
const readableExtensions: ReadonlySet<string> = new Set(['camunda:Properties']);

const readsNothing: ReadonlySet<string> = new Set();

/** Where `checkExtensions` reports, and what it reads there. */
export interface ExtensionCheck {
  /** The flow node named in a refusal (for an event definition, its event); the element itself by default. */
  readonly owner?: ModdleNode;
  /** The extension attributes read on the element; none by default. */
  readonly readHere?: ReadonlySet<string>;
  /** An extension element (by lower-case local name) the element reads besides properties. */
  readonly readsExtension?: (local: string) => boolean;
  /** An extension attribute the element accepts without reading it. */
  readonly accepts?: (attribute: ExtensionAttribute) => boolean;
}

/**
 * Refuses what the engine cannot honour: Camunda, Flowable or Activiti extension elements
 * other than Camunda properties (listeners, fields, form properties... each changes
 * behaviour), and extension attributes of any dialect it does not read on this element.
 */
export function checkExtensions(
  element: ModdleNode,
  read: Reading,
  check: ExtensionCheck = {},
): void {
  const { extensions, errors } = read;
  const owner = check.owner ?? element;
  extensions.bindPrefixes(element);
  for (const extension of extensionValues(element)) {
    const dialect = extensions.dialectOf(extension.$type);
    const name = extension.$type.slice(extension.$type.indexOf(':') + 1);
    const local = name.toLowerCase();
    if (
      dialect !== undefined &&
      !readableExtensions.has(extension.$type) &&
      check.readsExtension?.(local) !== true &&
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
    check.readHere ?? readsNothing,
  )) {
    if (check.accepts?.(attribute) === true) continue;
    errors.push(elementError(owner, attributeRefusal(attribute)));
  }
}
