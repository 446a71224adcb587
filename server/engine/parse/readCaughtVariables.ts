import type { ModdleNode } from 'bpmn-moddle';
import { isForbiddenName } from '../expressions/parseExpression';
import type { CaughtEventVariables } from '../processModel';
import type { Reading } from './checkExtensions';
import { elementError } from './moddleNodes';

/** What an error event definition of a catcher carries that the engine reads. */
export const errorVariableAttributes: ReadonlySet<string> = new Set([
  'errorCodeVariable',
  'errorMessageVariable',
]);

/** What an escalation event definition of a catcher carries that the engine reads. */
export const escalationVariableAttributes: ReadonlySet<string> = new Set([
  'escalationCodeVariable',
]);

/** The attributes a catcher's definition may carry, by its type. */
export function caughtVariableAttributes(definition: ModdleNode): ReadonlySet<string> | undefined {
  if (definition.$type === 'bpmn:ErrorEventDefinition') return errorVariableAttributes;
  if (definition.$type === 'bpmn:EscalationEventDefinition') return escalationVariableAttributes;
  return undefined;
}

/**
 * `errorCodeVariable` and `errorMessageVariable` on a catching error event's definition,
 * `escalationCodeVariable` on a catching escalation event's (Camunda; read in each
 * dialect): the process variables that receive what was caught.
 */
export function readCaughtVariables(
  element: ModdleNode,
  definition: ModdleNode,
  read: Reading,
): CaughtEventVariables {
  const found: { -readonly [K in keyof CaughtEventVariables]: CaughtEventVariables[K] } = {};
  const locals = [
    ...(caughtVariableAttributes(definition) ?? []),
  ] as (keyof CaughtEventVariables)[];
  for (const local of locals) {
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
