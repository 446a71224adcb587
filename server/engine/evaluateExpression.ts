import type { ComparisonOperator, ExpressionNode, JsonValue, Variables } from './expressionAst';

/**
 * Reads one variable path. Only own properties of plain objects are followed, so no path
 * can reach a prototype, a getter or a function; a missing step reads as null.
 */
function readPath(variables: Variables, path: readonly string[]): JsonValue {
  let current: JsonValue | undefined = variables;
  for (const segment of path) {
    if (current === null || typeof current !== 'object' || Array.isArray(current)) return null;
    if (!Object.prototype.hasOwnProperty.call(current, segment)) return null;
    current = current[segment];
  }
  return isJsonValue(current) ? current : null;
}

/**
 * Variables come from JSON, but a caller could hand in anything; a function or symbol is
 * read as null so nothing downstream (not even String()) can invoke it.
 */
function isJsonValue(value: unknown): value is JsonValue {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return true;
    case 'object':
      return true;
    default:
      return false;
  }
}

/** Form fields arrive as strings, so a numeric string compares as the number it spells. */
function asNumber(value: JsonValue): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : undefined;
  }
  return undefined;
}

/**
 * Truthiness the way JUEL coerces to Boolean: `true`, or the string "true" in any case.
 * Everything else, numbers included, is false, so a condition never depends on JS quirks.
 */
export function toBoolean(value: JsonValue): boolean {
  return value === true || (typeof value === 'string' && value.toLowerCase() === 'true');
}

function looselyEqual(left: JsonValue, right: JsonValue): boolean {
  // 1. Same primitive: equal. Containers are never equal to anything, not even themselves.
  if (left === null || right === null) return left === right;
  if (typeof left === 'object' || typeof right === 'object') return false;
  if (left === right) return true;
  // 2. A number against a numeric string compares as numbers.
  if (typeof left === 'number' || typeof right === 'number') {
    const a = asNumber(left);
    const b = asNumber(right);
    return a !== undefined && b !== undefined && a === b;
  }
  // 3. A boolean against a string compares the string's Boolean reading.
  if (typeof left === 'boolean' && typeof right === 'string') return left === toBoolean(right);
  if (typeof right === 'boolean' && typeof left === 'string') return right === toBoolean(left);
  return false;
}

function ordered(operator: ComparisonOperator, left: JsonValue, right: JsonValue): boolean {
  // 1. Numbers (or numeric strings against a number) compare numerically.
  let order: number | undefined;
  if (typeof left === 'number' || typeof right === 'number') {
    const a = asNumber(left);
    const b = asNumber(right);
    if (a !== undefined && b !== undefined) order = a - b;
  } else if (typeof left === 'string' && typeof right === 'string') {
    // 2. Two strings compare by code unit, which orders ISO dates correctly.
    order = left < right ? -1 : left > right ? 1 : 0;
  }
  // 3. Anything else (null, booleans, containers) has no order: the comparison is false.
  if (order === undefined) return false;
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    default:
      return false;
  }
}

/**
 * Evaluates an expression tree against variables by walking it. Never throws and never
 * calls anything: every node is a read, a comparison or a Boolean operator.
 */
export function evaluateExpression(node: ExpressionNode, variables: Variables): JsonValue {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'variable':
      return readPath(variables, node.path);
    case 'not':
      return !toBoolean(evaluateExpression(node.operand, variables));
    case 'and':
      return (
        toBoolean(evaluateExpression(node.left, variables)) &&
        toBoolean(evaluateExpression(node.right, variables))
      );
    case 'or':
      return (
        toBoolean(evaluateExpression(node.left, variables)) ||
        toBoolean(evaluateExpression(node.right, variables))
      );
    case 'compare': {
      const left = evaluateExpression(node.left, variables);
      const right = evaluateExpression(node.right, variables);
      if (node.operator === '==') return looselyEqual(left, right);
      if (node.operator === '!=') return !looselyEqual(left, right);
      return ordered(node.operator, left, right);
    }
  }
}

/** Evaluates a condition tree to a Boolean, as a sequence flow needs. */
export function evaluateCondition(node: ExpressionNode, variables: Variables): boolean {
  return toBoolean(evaluateExpression(node, variables));
}
