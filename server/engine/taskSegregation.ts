import type { DeployError } from './engineErrors';
import type { ExtensionAttribute } from './parse/extensionDialects';
import type { ProcessNode, TaskSegregation } from './processModel';

/**
 * Segregation of duties ("four eyes") on a user task: who must not perform it. Three
 * attributes, read in each dialect's namespace (`camunda:`, `flowable:`, `activiti:`), since
 * neither Camunda nor Flowable has a setting of its own for this (both leave it to task
 * listeners, which run code and are refused here):
 *
 * - `excludePerformersOf="loanApplicationForm, loanReview"`: whoever completed one of these
 *   user tasks (ids of this process) in the same instance;
 * - `excludeInitiator="true"`: whoever started the instance;
 * - `excludeAnyPerformer="true"`: whoever completed any task of the instance.
 *
 * This module reads and checks them at deploy; the server's task policy enforces them on
 * claim, assignment, reassignment and completion, and keeps such tasks out of the
 * candidate list of the people they exclude.
 */
export const SEGREGATION_ATTRIBUTES = [
  'excludePerformersOf',
  'excludeInitiator',
  'excludeAnyPerformer',
] as const;

/** A user task that excludes nobody: what every task without the attributes resolves to. */
export const NO_SEGREGATION: TaskSegregation = {
  performersOf: [],
  initiator: false,
  anyPerformer: false,
};

/**
 * The attributes as a type of Camunda's meta-model extending `bpmn:UserTask`, so moddle reads
 * `camunda:excludeInitiator` as a property of the task instead of warning about an unknown
 * attribute (which would refuse the file). Flowable and Activiti attributes arrive untyped.
 */
const segregationType = {
  name: 'SegregationOfDuties',
  extends: ['bpmn:UserTask'],
  properties: SEGREGATION_ATTRIBUTES.map((name) => ({ name, isAttr: true, type: 'String' })),
};

/** Camunda's moddle package with {@link segregationType} added; the given one is not changed. */
export function withSegregationAttributes<P extends { readonly types: readonly unknown[] }>(
  camunda: P,
): P {
  return { ...camunda, types: [...camunda.types, segregationType] };
}

/** How a reader finds one extension attribute of the element, whatever its dialect. */
export type AttributeLookup = (local: string) => ExtensionAttribute | null;

/**
 * The exclusions a user task declares, or undefined when it declares none (so the model of
 * a task without them stays as it was). Problems go to `refuse`: a flag other than `true`
 * or `false`, an empty or templated id list. Whether the ids name user tasks is checked
 * once every node is read ({@link checkSegregationTargets}).
 */
export function readSegregation(
  attribute: AttributeLookup,
  refuse: (message: string) => void,
): TaskSegregation | undefined {
  const performersAttribute = attribute('excludePerformersOf');
  const initiatorAttribute = attribute('excludeInitiator');
  const anyAttribute = attribute('excludeAnyPerformer');
  if (performersAttribute === null && initiatorAttribute === null && anyAttribute === null) {
    return undefined;
  }
  const performersOf: string[] = [];
  if (performersAttribute !== null) {
    const { qualified, value } = performersAttribute;
    const ids = value.split(',').map((item) => item.trim());
    if (value.includes('${') || value.includes('#{')) {
      refuse(`${qualified}="${value}" must list activity ids, not expressions`);
    } else if (ids.some((id) => id === '')) {
      refuse(`${qualified}="${value}" needs a comma-separated list of user task ids`);
    } else {
      performersOf.push(...new Set(ids));
    }
  }
  return {
    performersOf,
    initiator: flag(initiatorAttribute, refuse),
    anyPerformer: flag(anyAttribute, refuse),
  };
}

function flag(attribute: ExtensionAttribute | null, refuse: (message: string) => void): boolean {
  if (attribute === null) return false;
  if (attribute.value !== 'true' && attribute.value !== 'false') {
    refuse(`${attribute.qualified} must be 'true' or 'false', not '${attribute.value}'`);
  }
  return attribute.value === 'true';
}

/**
 * Every id a user task's `excludePerformersOf` names must be a user task of the same
 * process (a sub-process's included): a misspelt id would otherwise exclude nobody, silently.
 * A task may name itself: in a loop or a multi-instance task, whoever did an earlier round
 * may not do the next.
 */
export function checkSegregationTargets(
  nodes: ReadonlyMap<string, ProcessNode>,
  errors: DeployError[],
): void {
  for (const node of nodes.values()) {
    if (node.kind !== 'userTask' || node.segregation === undefined) continue;
    for (const id of node.segregation.performersOf) {
      if (nodes.get(id)?.kind === 'userTask') continue;
      errors.push({
        elementId: node.id,
        elementType: 'bpmn:UserTask',
        message: `bpmn:UserTask '${node.id}': excludePerformersOf names '${id}', which is not a user task of this process`,
      });
    }
  }
}
