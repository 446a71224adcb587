import type { FormulaFunctionName } from './formulaAst';

/** How many arguments each allowed function takes: `[min, max]`, max `Infinity` for lists. */
export const FORMULA_FUNCTION_ARITY: Readonly<
  Record<FormulaFunctionName, readonly [number, number]>
> = {
  SUM: [1, Infinity],
  MIN: [1, Infinity],
  MAX: [1, Infinity],
  AVG: [1, Infinity],
  ROUND: [1, 2],
  FLOOR: [1, 1],
  CEIL: [1, 1],
  ABS: [1, 1],
  IF: [2, 3],
  AND: [1, Infinity],
  OR: [1, Infinity],
  NOT: [1, 1],
  CONCAT: [1, Infinity],
  LEN: [1, 1],
  UPPER: [1, 1],
  LOWER: [1, 1],
  DATEDIFF: [2, 2],
  TODAY: [0, 0],
  COALESCE: [1, Infinity],
  PMT: [3, 3],
};
