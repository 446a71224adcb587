import type {
  ArithmeticOperator,
  ComparisonOperator,
  DateUnit,
  ExpressionNode,
  JsonValue,
  ValueMethod,
  VariableFunction,
  Variables,
} from './expressionAst';
import { ExpressionEvaluationError } from './expressionEvaluationError';

/** What an evaluation may read besides the variables. */
export interface EvaluationOptions {
  /** The instant `now()` and `dateTime()` stand for; the real clock when absent. */
  readonly now?: Date;
}

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

/** JUEL's `empty`: null, '', and a list or map with nothing in it. */
export function isEmptyValue(value: JsonValue): boolean {
  if (value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
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

/** How a node is named in an evaluation error: the variable or literal, when it is one. */
function nameOf(node: ExpressionNode): string {
  if (node.kind === 'variable') return `'${node.path.join('.')}'`;
  if (node.kind === 'function') return `'${node.variable}'`;
  if (node.kind === 'literal') return JSON.stringify(node.value);
  return 'a value';
}

function kindOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * JUEL's coercion to a number for arithmetic: null and '' are 0, a numeric text is its
 * number; anything else cannot be computed with.
 */
function toArithmeticNumber(value: JsonValue, node: ExpressionNode): number {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return 0;
  const number = asNumber(value);
  if (number === undefined) {
    throw new ExpressionEvaluationError(
      `${nameOf(node)} is ${typeof value === 'string' ? `'${value}'` : kindOf(value)}, not a number`,
    );
  }
  return number;
}

function arithmetic(
  operator: ArithmeticOperator,
  left: ExpressionNode,
  right: ExpressionNode,
  variables: Variables,
  options: EvaluationOptions,
): number {
  const a = toArithmeticNumber(evaluateExpression(left, variables, options), left);
  const b = toArithmeticNumber(evaluateExpression(right, variables, options), right);
  let result: number;
  switch (operator) {
    case '+':
      result = a + b;
      break;
    case '-':
      result = a - b;
      break;
    case '*':
      result = a * b;
      break;
    case '/':
    case '%':
      // JUEL would answer Infinity or NaN; a bank's process must stop instead.
      if (b === 0) throw new ExpressionEvaluationError(`division by zero (${nameOf(right)} is 0)`);
      result = operator === '/' ? a / b : a % b;
      break;
  }
  if (!Number.isFinite(result)) throw new ExpressionEvaluationError('a number is out of range');
  return result;
}

/** JUEL's coercion of a method argument to a text: null is '', numbers and Booleans print. */
function toText(value: JsonValue, method: string): string {
  if (value === null) return '';
  if (typeof value === 'object') {
    throw new ExpressionEvaluationError(`'${method}' needs a text, not ${kindOf(value)}`);
  }
  return String(value);
}

/** Java's `equals`: same kind and same value (numbers by value). */
function javaEquals(left: JsonValue, right: JsonValue): boolean {
  if (typeof left === 'object' || typeof right === 'object') return left === null && right === null;
  return typeof left === typeof right && left === right;
}

function callMethod(
  method: ValueMethod,
  target: ExpressionNode,
  args: readonly ExpressionNode[],
  variables: Variables,
  options: EvaluationOptions,
): JsonValue {
  const receiver = evaluateExpression(target, variables, options);
  // As in JUEL, calling a method on nothing is an error, not false.
  if (receiver === null) {
    throw new ExpressionEvaluationError(`cannot call '${method}' on ${nameOf(target)}: it is null`);
  }
  const [first] = args.map((arg) => evaluateExpression(arg, variables, options));
  const wrongKind = (): never => {
    throw new ExpressionEvaluationError(
      `cannot call '${method}' on ${nameOf(target)}: it is ${kindOf(receiver)}`,
    );
  };
  const argument = first ?? null;
  switch (method) {
    case 'equals':
      return javaEquals(receiver, argument);
    case 'equalsIgnoreCase':
      if (typeof receiver !== 'string') return wrongKind();
      return typeof argument === 'string' && receiver.toLowerCase() === argument.toLowerCase();
    case 'contains':
      if (Array.isArray(receiver)) return receiver.some((item) => javaEquals(item, argument));
      if (typeof receiver !== 'string') return wrongKind();
      return receiver.includes(toText(argument, method));
    case 'startsWith':
      if (typeof receiver !== 'string') return wrongKind();
      return receiver.startsWith(toText(argument, method));
    case 'endsWith':
      if (typeof receiver !== 'string') return wrongKind();
      return receiver.endsWith(toText(argument, method));
    case 'isEmpty':
      if (typeof receiver !== 'string' && typeof receiver !== 'object') return wrongKind();
      return isEmptyValue(receiver);
    case 'length':
      if (typeof receiver !== 'string') return wrongKind();
      return receiver.length;
    case 'size':
      if (Array.isArray(receiver)) return receiver.length;
      if (typeof receiver !== 'object') return wrongKind();
      return Object.keys(receiver).length;
    case 'toLowerCase':
      return typeof receiver === 'string' ? receiver.toLowerCase() : wrongKind();
    case 'toUpperCase':
      return typeof receiver === 'string' ? receiver.toUpperCase() : wrongKind();
    case 'trim':
      return typeof receiver === 'string' ? receiver.trim() : wrongKind();
  }
}

/** Whether a variable holds every (or, for `containsAny`, some) of the values. */
function holds(value: JsonValue, wanted: readonly JsonValue[], any: boolean): boolean {
  const has = (item: JsonValue): boolean => {
    if (Array.isArray(value)) return value.some((entry) => looselyEqual(entry, item));
    if (typeof value === 'string') return item !== null && value.includes(toText(item, 'contains'));
    return false;
  };
  return any ? wanted.some(has) : wanted.every(has);
}

/** Flowable's `variables:` functions; each reads the variable by its name. */
function callFunction(
  name: VariableFunction,
  variable: string,
  args: readonly ExpressionNode[],
  variables: Variables,
  options: EvaluationOptions,
): JsonValue {
  const value = readPath(variables, [variable]);
  const values = args.map((arg) => evaluateExpression(arg, variables, options));
  const other = values[0] ?? null;
  switch (name) {
    case 'get':
      return value;
    case 'getOrDefault':
      return value === null ? other : value;
    case 'exists':
      return Object.hasOwn(variables, variable);
    case 'isEmpty':
      return isEmptyValue(value);
    case 'isNotEmpty':
      return !isEmptyValue(value);
    case 'equals':
      return looselyEqual(value, other);
    case 'notEquals':
      return !looselyEqual(value, other);
    case 'contains':
      return holds(value, values, false);
    case 'containsAny':
      return holds(value, values, true);
    case 'lowerThan':
      return ordered('<', value, other);
    case 'lowerThanOrEquals':
      return ordered('<=', value, other);
    case 'greaterThan':
      return ordered('>', value, other);
    case 'greaterThanOrEquals':
      return ordered('>=', value, other);
  }
}

/** Moves an instant by whole units; months and years keep the day, or the month's last. */
function shiftDate(iso: string, unit: DateUnit, amount: number): string {
  const date = new Date(iso);
  const millis: Partial<Record<DateUnit, number>> = {
    seconds: 1000,
    minutes: 60_000,
    hours: 3_600_000,
    days: 86_400_000,
    weeks: 604_800_000,
  };
  const step = millis[unit];
  let result: Date;
  if (step !== undefined) {
    result = new Date(date.getTime() + amount * step);
  } else {
    const months = unit === 'months' ? amount : amount * 12;
    const day = date.getUTCDate();
    result = new Date(date.getTime());
    result.setUTCDate(1);
    result.setUTCMonth(result.getUTCMonth() + months);
    const lastDay = new Date(
      Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
    ).getUTCDate();
    result.setUTCDate(Math.min(day, lastDay));
  }
  if (Number.isNaN(result.getTime())) {
    throw new ExpressionEvaluationError('a date moved out of the calendar');
  }
  return result.toISOString();
}

/**
 * Evaluates an expression tree against variables by walking it. Nothing is ever called
 * but the fixed methods and functions the parser resolved by name. A value it cannot
 * compute (a division by zero, a text in arithmetic, a method on null) throws
 * {@link ExpressionEvaluationError}; dates come out as ISO 8601 UTC texts.
 */
export function evaluateExpression(
  node: ExpressionNode,
  variables: Variables,
  options: EvaluationOptions = {},
): JsonValue {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'variable':
      return readPath(variables, node.path);
    case 'not':
      return !toBoolean(evaluateExpression(node.operand, variables, options));
    case 'empty':
      return isEmptyValue(evaluateExpression(node.operand, variables, options));
    case 'negate': {
      const value = evaluateExpression(node.operand, variables, options);
      return -toArithmeticNumber(value, node.operand) || 0;
    }
    case 'and':
      return (
        toBoolean(evaluateExpression(node.left, variables, options)) &&
        toBoolean(evaluateExpression(node.right, variables, options))
      );
    case 'or':
      return (
        toBoolean(evaluateExpression(node.left, variables, options)) ||
        toBoolean(evaluateExpression(node.right, variables, options))
      );
    case 'compare': {
      const left = evaluateExpression(node.left, variables, options);
      const right = evaluateExpression(node.right, variables, options);
      if (node.operator === '==') return looselyEqual(left, right);
      if (node.operator === '!=') return !looselyEqual(left, right);
      return ordered(node.operator, left, right);
    }
    case 'arithmetic':
      return arithmetic(node.operator, node.left, node.right, variables, options);
    case 'conditional':
      return toBoolean(evaluateExpression(node.test, variables, options))
        ? evaluateExpression(node.then, variables, options)
        : evaluateExpression(node.otherwise, variables, options);
    case 'method':
      return callMethod(node.method, node.target, node.args, variables, options);
    case 'function':
      return callFunction(node.name, node.variable, node.args, variables, options);
    case 'now':
      return (options.now ?? new Date()).toISOString();
    case 'shiftDate': {
      const from = evaluateExpression(node.target, variables, options) as string;
      const amount = toArithmeticNumber(
        evaluateExpression(node.amount, variables, options),
        node.amount,
      );
      if (!Number.isInteger(amount)) {
        throw new ExpressionEvaluationError(`a date moves by whole units, not by ${amount}`);
      }
      return shiftDate(from, node.unit, node.sign * amount);
    }
  }
}

/** Evaluates a condition tree to a Boolean, as a sequence flow needs. */
export function evaluateCondition(
  node: ExpressionNode,
  variables: Variables,
  options: EvaluationOptions = {},
): boolean {
  return toBoolean(evaluateExpression(node, variables, options));
}
