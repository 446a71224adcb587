/** A value a process variable may hold: whatever JSON can carry. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** Process or task variables by name. */
export type Variables = Record<string, JsonValue>;

/** The comparison operators a condition may use, in their canonical spelling. */
export type ComparisonOperator = '==' | '!=' | '<' | '<=' | '>' | '>=';

/** JUEL's arithmetic operators; `div` and `mod` are read as `/` and `%`. */
export type ArithmeticOperator = '+' | '-' | '*' | '/' | '%';

/** The methods a string (or a list, for `contains`/`size`) may be asked, as Java spells them. */
export type ValueMethod =
  | 'equals'
  | 'equalsIgnoreCase'
  | 'contains'
  | 'startsWith'
  | 'endsWith'
  | 'isEmpty'
  | 'length'
  | 'size'
  | 'toLowerCase'
  | 'toUpperCase'
  | 'trim';

/** Flowable's `variables:` functions, each under its canonical name (aliases map to these). */
export type VariableFunction =
  | 'get'
  | 'getOrDefault'
  | 'exists'
  | 'isEmpty'
  | 'isNotEmpty'
  | 'equals'
  | 'notEquals'
  | 'contains'
  | 'containsAny'
  | 'lowerThan'
  | 'lowerThanOrEquals'
  | 'greaterThan'
  | 'greaterThanOrEquals';

/** The calendar steps a date may move by (`plusDays`, `minusHours`...). */
export type DateUnit = 'seconds' | 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

/**
 * A node of a parsed `${...}` expression. Calls exist only as the fixed, named methods and
 * functions below, resolved at parse time; there is no indexing and no assignment, so
 * walking this tree can only read variables, compute and compare values.
 */
export type ExpressionNode =
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | { readonly kind: 'variable'; readonly path: readonly string[] }
  | { readonly kind: 'not'; readonly operand: ExpressionNode }
  | { readonly kind: 'empty'; readonly operand: ExpressionNode }
  | { readonly kind: 'negate'; readonly operand: ExpressionNode }
  | { readonly kind: 'and' | 'or'; readonly left: ExpressionNode; readonly right: ExpressionNode }
  | {
      readonly kind: 'compare';
      readonly operator: ComparisonOperator;
      readonly left: ExpressionNode;
      readonly right: ExpressionNode;
    }
  | {
      readonly kind: 'arithmetic';
      readonly operator: ArithmeticOperator;
      readonly left: ExpressionNode;
      readonly right: ExpressionNode;
    }
  | {
      readonly kind: 'conditional';
      readonly test: ExpressionNode;
      readonly then: ExpressionNode;
      readonly otherwise: ExpressionNode;
    }
  | {
      readonly kind: 'method';
      readonly target: ExpressionNode;
      readonly method: ValueMethod;
      readonly args: readonly ExpressionNode[];
    }
  | {
      readonly kind: 'function';
      readonly name: VariableFunction;
      /** The variable the function reads, by name (Flowable passes the name, not the value). */
      readonly variable: string;
      readonly args: readonly ExpressionNode[];
    }
  /** The current instant (`now()`, `dateTime()`). */
  | { readonly kind: 'now' }
  | {
      readonly kind: 'shiftDate';
      readonly target: DateNode;
      readonly unit: DateUnit;
      /** +1 for `plus...`, -1 for `minus...`. */
      readonly sign: 1 | -1;
      readonly amount: ExpressionNode;
    };

/** The nodes whose value is a date (evaluated to an ISO 8601 UTC text). */
export type DateNode = Extract<ExpressionNode, { kind: 'now' } | { kind: 'shiftDate' }>;
