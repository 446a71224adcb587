import type { ModdleNode } from 'bpmn-moddle';
import type { DeployError } from '../engineErrors';
import { ExpressionSyntaxError } from '../expressions/expressionSyntaxError';
import { parseTemplate } from '../expressions/parseTemplate';

/** The moddle nodes in a list property (`flowElements`, `values`...); none when it is absent. */
export function nodeList(element: ModdleNode, property: string): ModdleNode[] {
  const value = element[property];
  return Array.isArray(value) ? (value as ModdleNode[]) : [];
}

/** A text property of a moddle node, or null when it is absent or not text. */
export function text(element: ModdleNode, property: string): string | null {
  const value = element[property];
  return typeof value === 'string' ? value : null;
}

/** The children of the element's `extensionElements`. */
export function extensionValues(element: ModdleNode): ModdleNode[] {
  const container = element.extensionElements as ModdleNode | undefined;
  return container ? nodeList(container, 'values') : [];
}

/** How a message names an element: its type and id. */
export function label(element: ModdleNode): string {
  return `${element.$type} '${text(element, 'id') ?? '(no id)'}'`;
}

/** A deploy error naming the element. */
export function elementError(element: ModdleNode, message: string): DeployError {
  return {
    elementId: text(element, 'id'),
    elementType: element.$type,
    message: `${label(element)}: ${message}`,
  };
}

/** The refusal of an element type the engine does not run. */
export function unsupported(element: ModdleNode): DeployError {
  return elementError(element, 'this element type is not supported by the engine');
}

/** The refusal of an expression the grammar does not accept; any other throw goes on. */
export function expressionError(element: ModdleNode, what: string, error: unknown): DeployError {
  if (error instanceof ExpressionSyntaxError) {
    return elementError(element, `${what} is refused: ${error.message} (at ${error.position})`);
  }
  throw error;
}

/** A deploy error about the whole file. */
export function fileError(message: string): DeployError {
  return { elementId: null, elementType: null, message };
}

/** Parses a `${...}` template, reporting a refused expression; undefined then, or for null. */
export function checkTemplate(
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

/** `camunda:property` name/value pairs from the element's extension elements. */
export function readProperties(element: ModdleNode, errors: DeployError[]): Record<string, string> {
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
