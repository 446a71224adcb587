import type { FormulaFunctionName, FormulaNode } from './formulaAst';
import { finite, firstError, isTruthy, toNumberOperand, toText } from './formulaCoercion';
import { formulaError, isFormulaError, type FormulaError, type FormulaValue } from './formulaValue';

/** What a function may use besides its arguments: only the clock, injected for tests. */
export interface FormulaContext {
  /** The current time; TODAY reads it. */
  readonly now: () => Date;
}

/**
 * A function of the allow-list. It receives its argument nodes unevaluated so IF, AND, OR
 * and COALESCE evaluate only what they need: `IF(n = 0, 0, total / n)` must not divide.
 */
export type FormulaFunction = (
  args: readonly FormulaNode[],
  evaluate: (node: FormulaNode) => FormulaValue,
  context: FormulaContext,
) => FormulaValue;

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Every argument, evaluated, with lists flattened: SUM(a, b) and SUM(checkboxValues) agree.
function flatten(values: readonly FormulaValue[]): FormulaValue[] {
  return values.flatMap((value) => (Array.isArray(value) ? flatten(value) : [value]));
}

// The numbers among the arguments; empty values are skipped like blank spreadsheet cells.
function numbers(
  args: readonly FormulaNode[],
  evaluate: (node: FormulaNode) => FormulaValue,
): number[] | FormulaError {
  const result: number[] = [];
  for (const value of flatten(args.map(evaluate))) {
    const number = toNumberOperand(value);
    if (number === null) continue;
    if (isFormulaError(number)) return number;
    result.push(number);
  }
  return result;
}

// One numeric argument; `null` when empty so the caller can answer "not computable yet".
function numberArg(
  node: FormulaNode | undefined,
  evaluate: (node: FormulaNode) => FormulaValue,
): number | null | FormulaError {
  return node === undefined ? null : toNumberOperand(evaluate(node));
}

function unaryMath(operation: (value: number) => number): FormulaFunction {
  return ([node], evaluate) => {
    const value = numberArg(node, evaluate);
    if (value === null || isFormulaError(value)) return value;
    return finite(operation(value));
  };
}

// Half away from zero at a number of decimals, computed on the decimal text so that
// ROUND(1.005, 2) gives 1.01 as a person expects, not 1.00 as binary floating point does.
function roundHalfAway(value: number, digits: number): number {
  const magnitude = Math.abs(value);
  const text = String(magnitude);
  const shifted = text.includes('e')
    ? Math.round(magnitude * 10 ** digits)
    : Math.round(Number(`${text}e${digits}`));
  const rounded = text.includes('e') ? shifted / 10 ** digits : Number(`${shifted}e${-digits}`);
  return Math.sign(value) * rounded;
}

// A day number (days since 1970-01-01, UTC) from `YYYY-MM-DD` or an ISO date-time.
function dayNumber(value: FormulaValue): number | null | FormulaError {
  if (value === null || isFormulaError(value)) return value;
  if (typeof value !== 'string')
    return formulaError('formula.invalidDate', { value: String(value) });
  const match = DATE_ONLY.exec(value);
  if (match) {
    const [, y, m, d] = match.map(Number) as [number, number, number, number];
    const time = Date.UTC(y, m - 1, d);
    const check = new Date(time);
    // Date.UTC rolls 2025-02-30 over to March; a rolled date was not a real date.
    if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) {
      return formulaError('formula.invalidDate', { value });
    }
    return time / DAY_MS;
  }
  const time = Date.parse(value);
  if (Number.isNaN(time)) return formulaError('formula.invalidDate', { value });
  return Math.floor(time / DAY_MS);
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** The allow-list: the only functions a formula can call, and how each computes. */
export const FORMULA_FUNCTIONS: Readonly<Record<FormulaFunctionName, FormulaFunction>> = {
  SUM: (args, evaluate) => {
    const values = numbers(args, evaluate);
    return isFormulaError(values) ? values : finite(values.reduce((sum, n) => sum + n, 0));
  },
  MIN: (args, evaluate) => {
    const values = numbers(args, evaluate);
    if (isFormulaError(values)) return values;
    return values.length === 0 ? null : Math.min(...values);
  },
  MAX: (args, evaluate) => {
    const values = numbers(args, evaluate);
    if (isFormulaError(values)) return values;
    return values.length === 0 ? null : Math.max(...values);
  },
  AVG: (args, evaluate) => {
    const values = numbers(args, evaluate);
    if (isFormulaError(values)) return values;
    if (values.length === 0) return null;
    return finite(values.reduce((sum, n) => sum + n, 0) / values.length);
  },
  ROUND: ([valueNode, digitsNode], evaluate) => {
    const value = numberArg(valueNode, evaluate);
    const digits = digitsNode === undefined ? 0 : numberArg(digitsNode, evaluate);
    if (isFormulaError(value)) return value;
    if (isFormulaError(digits)) return digits;
    if (value === null) return null;
    const places = digits ?? 0;
    if (!Number.isInteger(places) || places < -10 || places > 10) {
      return formulaError('formula.invalidArgument', { name: 'ROUND', argument: 2 });
    }
    return roundHalfAway(value, places);
  },
  FLOOR: unaryMath(Math.floor),
  CEIL: unaryMath(Math.ceil),
  ABS: unaryMath(Math.abs),
  IF: ([test, consequent, alternate], evaluate) => {
    const condition = test === undefined ? null : evaluate(test);
    if (isFormulaError(condition)) return condition;
    if (isTruthy(condition)) return consequent === undefined ? null : evaluate(consequent);
    return alternate === undefined ? null : evaluate(alternate);
  },
  AND: (args, evaluate) => {
    for (const node of args) {
      const value = evaluate(node);
      if (isFormulaError(value)) return value;
      if (!isTruthy(value)) return false;
    }
    return true;
  },
  OR: (args, evaluate) => {
    for (const node of args) {
      const value = evaluate(node);
      if (isFormulaError(value)) return value;
      if (isTruthy(value)) return true;
    }
    return false;
  },
  NOT: ([node], evaluate) => {
    const value = node === undefined ? null : evaluate(node);
    return isFormulaError(value) ? value : !isTruthy(value);
  },
  CONCAT: (args, evaluate) => {
    const values = args.map(evaluate);
    return firstError(values) ?? values.map(toText).join('');
  },
  LEN: ([node], evaluate) => {
    const value = node === undefined ? null : evaluate(node);
    if (isFormulaError(value)) return value;
    if (Array.isArray(value)) return value.length;
    return Array.from(toText(value)).length;
  },
  UPPER: ([node], evaluate) => {
    const value = node === undefined ? null : evaluate(node);
    if (value === null || isFormulaError(value)) return value;
    return toText(value).toUpperCase();
  },
  LOWER: ([node], evaluate) => {
    const value = node === undefined ? null : evaluate(node);
    if (value === null || isFormulaError(value)) return value;
    return toText(value).toLowerCase();
  },
  DATEDIFF: ([startNode, endNode], evaluate) => {
    const start = dayNumber(startNode === undefined ? null : evaluate(startNode));
    const end = dayNumber(endNode === undefined ? null : evaluate(endNode));
    if (isFormulaError(start)) return start;
    if (isFormulaError(end)) return end;
    if (start === null || end === null) return null;
    return end - start;
  },
  TODAY: (_args, _evaluate, context) => {
    const now = context.now();
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  },
  COALESCE: (args, evaluate) => {
    for (const node of args) {
      const value = evaluate(node);
      if (value !== null) return value;
    }
    return null;
  },
  PMT: ([rateNode, periodsNode, principalNode], evaluate) => {
    // The level payment that repays `principal` over `periods` at `rate` per period,
    // as a positive amount: lenders show the instalment, not a cash-flow sign.
    const rate = numberArg(rateNode, evaluate);
    const periods = numberArg(periodsNode, evaluate);
    const principal = numberArg(principalNode, evaluate);
    if (isFormulaError(rate)) return rate;
    if (isFormulaError(periods)) return periods;
    if (isFormulaError(principal)) return principal;
    if (rate === null || periods === null || principal === null) return null;
    if (periods <= 0) return formulaError('formula.invalidArgument', { name: 'PMT', argument: 2 });
    if (rate <= -1) return formulaError('formula.invalidArgument', { name: 'PMT', argument: 1 });
    if (rate === 0) return finite(principal / periods);
    return finite((principal * rate) / (1 - (1 + rate) ** -periods));
  },
};
