/** A value a process variable may hold: whatever JSON can carry. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Process or task variables by name. */
export type Variables = Record<string, JsonValue>;

/** The comparison operators a condition may use, in their canonical spelling. */
export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

/**
 * A node of a parsed `${...}` expression. The grammar has no calls, no indexing and no
 * assignment, so walking this tree can only read variables and compare values.
 */
export type ExpressionNode =
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | { readonly kind: 'variable'; readonly path: readonly string[] }
  | { readonly kind: 'not'; readonly operand: ExpressionNode }
  | { readonly kind: 'and' | 'or'; readonly left: ExpressionNode; readonly right: ExpressionNode }
  | {
      readonly kind: 'compare';
      readonly operator: ComparisonOperator;
      readonly left: ExpressionNode;
      readonly right: ExpressionNode;
    };
