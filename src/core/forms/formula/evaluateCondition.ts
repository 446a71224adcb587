import type { FormulaNode } from './formulaAst';
import { isTruthy } from './formulaCoercion';
import { evaluateFormula, type EvaluateOptions, type FormulaScope } from './evaluateFormula';
import { isFormulaError, type FormulaError } from './formulaValue';

/**
 * Evaluates a message field's condition. `null` means an input is still empty, so the
 * rule can not be judged yet and must not block; an error value is passed on so the
 * field can show it.
 */
export function evaluateCondition(
  ast: FormulaNode,
  scope: FormulaScope,
  options: EvaluateOptions = {},
): boolean | null | FormulaError {
  const value = evaluateFormula(ast, scope, options);
  if (value === null || isFormulaError(value)) return value;
  return isTruthy(value);
}
