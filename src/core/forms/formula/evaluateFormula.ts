import type { FormulaBinaryOperator, FormulaNode } from './formulaAst';
import {
  describe,
  finite,
  isTruthy,
  toFormulaValue,
  toNumberOperand,
  toText,
} from './formulaCoercion';
import { FORMULA_FUNCTIONS, type FormulaContext } from './formulaFunctions';
import { formulaError, isFormulaError, type FormulaValue } from './formulaValue';
import { parseNumber } from './parseNumber';

/** The values a formula reads: a record of field values, or a lookup by field id. */
export type FormulaScope = Readonly<Record<string, unknown>> | ((fieldId: string) => unknown);

/** Options of an evaluation. */
export interface EvaluateOptions {
  /** The clock TODAY reads; defaults to the system clock. */
  readonly now?: () => Date;
}

const systemClock = (): Date => new Date();

/**
 * Computes a parsed formula against the form's values by walking its tree. Only own
 * properties of the values are read, so `constructor` or `__proto__` are just unknown
 * fields. It never throws: any failure becomes an error value.
 */
export function evaluateFormula(
  ast: FormulaNode,
  scope: FormulaScope,
  options: EvaluateOptions = {},
): FormulaValue {
  const lookup =
    typeof scope === 'function'
      ? scope
      : (id: string): unknown => (Object.hasOwn(scope, id) ? scope[id] : undefined);
  const context: FormulaContext = { now: options.now ?? systemClock };
  const evaluate = (node: FormulaNode): FormulaValue => {
    switch (node.kind) {
      case 'literal':
        return node.value;
      case 'reference':
        return toFormulaValue(lookup(node.id));
      case 'unary': {
        const argument = evaluate(node.argument);
        if (isFormulaError(argument)) return argument;
        if (node.operator === '!') return !isTruthy(argument);
        const number = toNumberOperand(argument);
        if (number === null || isFormulaError(number)) return number;
        return node.operator === '-' ? -number : number;
      }
      case 'binary':
        return binary(node.operator, node.left, node.right, evaluate);
      case 'conditional': {
        const test = evaluate(node.test);
        if (isFormulaError(test)) return test;
        return evaluate(isTruthy(test) ? node.consequent : node.alternate);
      }
      case 'call':
        return FORMULA_FUNCTIONS[node.name](node.args, evaluate, context);
    }
  };
  try {
    return evaluate(ast);
  } catch {
    // Only a runaway recursion can land here; it must not reach the UI as an exception.
    return formulaError('formula.evaluationFailed');
  }
}

function binary(
  operator: FormulaBinaryOperator,
  leftNode: FormulaNode,
  rightNode: FormulaNode,
  evaluate: (node: FormulaNode) => FormulaValue,
): FormulaValue {
  // 1. Logical operators short-circuit and answer a boolean.
  if (operator === '&&' || operator === '||') {
    const left = evaluate(leftNode);
    if (isFormulaError(left)) return left;
    if (operator === '&&' ? !isTruthy(left) : isTruthy(left)) return operator === '||';
    const right = evaluate(rightNode);
    return isFormulaError(right) ? right : isTruthy(right);
  }
  // 2. Every other operator needs both sides; an error on either side wins.
  const left = evaluate(leftNode);
  if (isFormulaError(left)) return left;
  const right = evaluate(rightNode);
  if (isFormulaError(right)) return right;
  switch (operator) {
    case '==':
    case '===':
      return equals(left, right);
    case '!=':
    case '!==':
      return !equals(left, right);
    case '<':
    case '<=':
    case '>':
    case '>=':
      return compare(operator, left, right);
    case '+':
      return plus(left, right);
    default:
      return arithmetic(operator, left, right);
  }
}

// Numbers and numeric strings compare as numbers ("1 000" == 1000); other values compare
// by type and value.
function equals(left: FormulaValue, right: FormulaValue): boolean {
  if (left === null || right === null) return left === right;
  const l = parseNumber(left);
  const r = parseNumber(right);
  if (l !== undefined && r !== undefined) return l === r;
  if (Array.isArray(left) || Array.isArray(right)) return false;
  return left === right;
}

function compare(
  operator: '<' | '<=' | '>' | '>=',
  left: FormulaValue,
  right: FormulaValue,
): FormulaValue {
  // An empty side cannot be ordered yet; the comparison is not computable.
  if (left === null || right === null) return null;
  const l = parseNumber(left);
  const r = parseNumber(right);
  let order: number;
  if (l !== undefined && r !== undefined) order = l - r;
  else if (typeof left === 'string' && typeof right === 'string') {
    // Code-unit order keeps ISO dates in calendar order and is the same in every locale.
    order = left < right ? -1 : left > right ? 1 : 0;
  } else {
    return formulaError('formula.typeMismatch', {
      operator,
      left: describe(left),
      right: describe(right),
    });
  }
  if (operator === '<') return order < 0;
  if (operator === '<=') return order <= 0;
  if (operator === '>') return order > 0;
  return order >= 0;
}

// `+` adds numbers and joins text: "Loan " + ref reads naturally in a label formula.
function plus(left: FormulaValue, right: FormulaValue): FormulaValue {
  if (left === null || right === null) return null;
  const l = parseNumber(left);
  const r = parseNumber(right);
  if (l !== undefined && r !== undefined) return finite(l + r);
  if (typeof left === 'string' || typeof right === 'string') return toText(left) + toText(right);
  return formulaError('formula.typeMismatch', {
    operator: '+',
    left: describe(left),
    right: describe(right),
  });
}

function arithmetic(
  operator: '-' | '*' | '/' | '%',
  leftValue: FormulaValue,
  rightValue: FormulaValue,
): FormulaValue {
  const left = toNumberOperand(leftValue);
  if (isFormulaError(left)) return left;
  const right = toNumberOperand(rightValue);
  if (isFormulaError(right)) return right;
  if (left === null || right === null) return null;
  if ((operator === '/' || operator === '%') && right === 0) {
    return formulaError('formula.divisionByZero');
  }
  if (operator === '-') return finite(left - right);
  if (operator === '*') return finite(left * right);
  if (operator === '/') return finite(left / right);
  return finite(left % right);
}
