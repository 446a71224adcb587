/** The functions a formula may call; anything else is refused when the formula is parsed. */
export const FORMULA_FUNCTION_NAMES = [
  'SUM',
  'MIN',
  'MAX',
  'AVG',
  'ROUND',
  'FLOOR',
  'CEIL',
  'ABS',
  'IF',
  'AND',
  'OR',
  'NOT',
  'CONCAT',
  'LEN',
  'UPPER',
  'LOWER',
  'DATEDIFF',
  'TODAY',
  'COALESCE',
  'PMT',
] as const;
/** The name of an allowed function. */
export type FormulaFunctionName = (typeof FORMULA_FUNCTION_NAMES)[number];

/** The binary operators a formula may use. */
export const FORMULA_BINARY_OPERATORS = [
  '+',
  '-',
  '*',
  '/',
  '%',
  '==',
  '!=',
  '===',
  '!==',
  '<',
  '<=',
  '>',
  '>=',
  '&&',
  '||',
] as const;
/** An allowed binary operator. */
export type FormulaBinaryOperator = (typeof FORMULA_BINARY_OPERATORS)[number];

/** The unary operators a formula may use. */
export const FORMULA_UNARY_OPERATORS = ['-', '+', '!'] as const;
/** An allowed unary operator. */
export type FormulaUnaryOperator = (typeof FORMULA_UNARY_OPERATORS)[number];

/**
 * The closed syntax tree of a formula. It has no member access, no `this`, no arrays and
 * no calls other than the allow-listed functions, so evaluating it cannot reach anything
 * outside the form's values.
 */
export type FormulaNode =
  | { readonly kind: 'literal'; readonly value: number | string | boolean | null }
  | { readonly kind: 'reference'; readonly id: string }
  | {
      readonly kind: 'unary';
      readonly operator: FormulaUnaryOperator;
      readonly argument: FormulaNode;
    }
  | {
      readonly kind: 'binary';
      readonly operator: FormulaBinaryOperator;
      readonly left: FormulaNode;
      readonly right: FormulaNode;
    }
  | {
      readonly kind: 'conditional';
      readonly test: FormulaNode;
      readonly consequent: FormulaNode;
      readonly alternate: FormulaNode;
    }
  | {
      readonly kind: 'call';
      readonly name: FormulaFunctionName;
      readonly args: readonly FormulaNode[];
    };
