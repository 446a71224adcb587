// The formula engine: parse once, evaluate by walking a closed tree, recompute by graph.
export * from './formulaAst';
export * from './formulaValue';
export { parseNumber } from './parseNumber';
export { parseFormula, MAX_FORMULA_LENGTH } from './parseFormula';
export type { FormulaIssue, ParsedFormula } from './parseFormula';
export { evaluateFormula } from './evaluateFormula';
export type { EvaluateOptions, FormulaScope } from './evaluateFormula';
export { evaluateCondition } from './evaluateCondition';
export { buildDependencyGraph } from './buildDependencyGraph';
export type {
  DependencyGraph,
  FormulaGraphNode,
  FormulaResultKind,
  FormulaSource,
} from './buildDependencyGraph';
export { recalculate } from './recalculate';
export { interpolateTemplate } from './interpolateTemplate';
export type { Recalculation } from './recalculate';
export { FORMULA_FUNCTION_ARITY } from './formulaFunctionArity';
