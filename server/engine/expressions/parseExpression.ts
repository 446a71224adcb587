import type {
  ArithmeticOperator,
  ComparisonOperator,
  DateNode,
  DateUnit,
  ExpressionNode,
  ValueMethod,
  VariableFunction,
} from './expressionAst';
import { ExpressionSyntaxError } from './expressionSyntaxError';
import { tokenizeExpression, type ExpressionToken } from './tokenizeExpression';

/** Word spellings of the comparison operators (JUEL's), mapped to the symbols. */
const wordComparisons: Readonly<Record<string, ComparisonOperator>> = {
  eq: '==',
  ne: '!=',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

const symbolComparisons: ReadonlySet<string> = new Set(['==', '!=', '<', '<=', '>', '>=']);

/** Words with a meaning of their own that can never name a variable (JUEL's reserved words). */
const keywords: ReadonlySet<string> = new Set([
  'true',
  'false',
  'null',
  'and',
  'or',
  'not',
  'empty',
  'div',
  'mod',
  'instanceof',
  ...Object.keys(wordComparisons),
]);

/** Methods a value may be asked, with how many arguments each takes. */
const valueMethods: Readonly<Record<ValueMethod, number>> = {
  equals: 1,
  equalsIgnoreCase: 1,
  contains: 1,
  startsWith: 1,
  endsWith: 1,
  isEmpty: 0,
  length: 0,
  size: 0,
  toLowerCase: 0,
  toUpperCase: 0,
  trim: 0,
};

/** `plusDays`, `minusHours`... : the steps a date may move by, as Joda-Time spells them. */
const dateUnits: Readonly<Record<string, DateUnit>> = {
  Seconds: 'seconds',
  Minutes: 'minutes',
  Hours: 'hours',
  Days: 'days',
  Weeks: 'weeks',
  Months: 'months',
  Years: 'years',
};

/** The prefixes Flowable binds its variable functions to. */
const functionPrefixes: ReadonlySet<string> = new Set(['variables', 'vars', 'var']);

/** Flowable's function names and aliases, each with its canonical name and argument count. */
const variableFunctions: Readonly<
  Record<string, { readonly name: VariableFunction; readonly args: number; readonly more?: true }>
> = {
  get: { name: 'get', args: 1 },
  getOrDefault: { name: 'getOrDefault', args: 2 },
  exists: { name: 'exists', args: 1 },
  isEmpty: { name: 'isEmpty', args: 1 },
  empty: { name: 'isEmpty', args: 1 },
  isNotEmpty: { name: 'isNotEmpty', args: 1 },
  notEmpty: { name: 'isNotEmpty', args: 1 },
  equals: { name: 'equals', args: 2 },
  eq: { name: 'equals', args: 2 },
  notEquals: { name: 'notEquals', args: 2 },
  ne: { name: 'notEquals', args: 2 },
  contains: { name: 'contains', args: 2, more: true },
  containsAny: { name: 'containsAny', args: 2, more: true },
  lowerThan: { name: 'lowerThan', args: 2 },
  lessThan: { name: 'lowerThan', args: 2 },
  lt: { name: 'lowerThan', args: 2 },
  lowerThanOrEquals: { name: 'lowerThanOrEquals', args: 2 },
  lessThanOrEquals: { name: 'lowerThanOrEquals', args: 2 },
  lte: { name: 'lowerThanOrEquals', args: 2 },
  greaterThan: { name: 'greaterThan', args: 2 },
  gt: { name: 'greaterThan', args: 2 },
  greaterThanOrEquals: { name: 'greaterThanOrEquals', args: 2 },
  gte: { name: 'greaterThanOrEquals', args: 2 },
};

/** Functions that yield the current instant; both start a date chain. */
const clockFunctions: ReadonlySet<string> = new Set(['now', 'dateTime']);

/**
 * Names refused anywhere in a path (and as variable names a definition writes). Lookups
 * use own properties only, so these could not reach a prototype anyway; refusing them at
 * deploy makes an attempt visible instead of silently false.
 */
export function isForbiddenName(name: string): boolean {
  return name === 'constructor' || name === 'prototype' || name.startsWith('__');
}

/** Deep nesting is refused before it can exhaust the stack. */
const maxDepth = 64;

/**
 * Parses the inside of a `${...}` (without the braces) into an AST.
 * Throws only {@link ExpressionSyntaxError}.
 */
export function parseExpression(source: string): ExpressionNode {
  const parser = new ExpressionParser(tokenizeExpression(source));
  if (parser.peek().kind === 'end') throw new ExpressionSyntaxError('empty expression', 0);
  const node = parser.parseConditional(0);
  const rest = parser.peek();
  if (rest.kind !== 'end') throw parser.unexpected(rest);
  return node;
}

/**
 * Parses a whole condition text, which must be exactly one `${...}` or JUEL's deferred
 * `#{...}` (surrounding blanks allowed), as on a BPMN `conditionExpression`.
 * Throws only {@link ExpressionSyntaxError}.
 */
export function parseCondition(text: string): ExpressionNode {
  const trimmed = text.trim();
  if (!/^[$#]\{/.test(trimmed) || !trimmed.endsWith('}')) {
    throw new ExpressionSyntaxError('a condition must be written as ${...}', 0);
  }
  const inner = trimmed.slice(2, -1);
  try {
    return parseExpression(inner);
  } catch (error) {
    // Shift the offset so it points into the text the author wrote.
    if (error instanceof ExpressionSyntaxError) {
      throw new ExpressionSyntaxError(error.message, error.position + 2 + text.search(/[$#]\{/));
    }
    throw error;
  }
}

function isDateNode(node: ExpressionNode): node is DateNode {
  return node.kind === 'now' || node.kind === 'shiftDate';
}

/** A text that JUEL's number coercion accepts ('' counts as 0). */
function isNumericText(text: string): boolean {
  return text.trim() === '' || Number.isFinite(Number(text));
}

/**
 * Recursive descent over the token list; one method per precedence level, JUEL's order
 * from loosest to tightest: `?:`, `||`, `&&`, comparisons, `+ -`, `* / %`, unary
 * (`! not empty -`), then member access and calls. Every step consumes a token or fails,
 * so parsing is linear in the input; `depth` grows only through nesting and is bounded.
 */
class ExpressionParser {
  private index = 0;

  constructor(private readonly tokens: readonly ExpressionToken[]) {}

  peek(offset = 0): ExpressionToken {
    // The tokenizer always ends the list with an 'end' token, and we never step past it.
    return this.tokens[Math.min(this.index + offset, this.tokens.length - 1)] as ExpressionToken;
  }

  private next(): ExpressionToken {
    const token = this.peek();
    if (token.kind !== 'end') this.index += 1;
    return token;
  }

  unexpected(token: ExpressionToken): ExpressionSyntaxError {
    switch (token.kind) {
      case 'end':
        return new ExpressionSyntaxError('unexpected end of expression', token.position);
      case 'identifier':
        return new ExpressionSyntaxError(`unexpected name '${token.text}'`, token.position);
      case 'punctuation':
        if (token.text === '(') {
          return new ExpressionSyntaxError('function calls are not allowed', token.position);
        }
        return new ExpressionSyntaxError(`unexpected '${token.text}'`, token.position);
      default:
        return new ExpressionSyntaxError('unexpected literal', token.position);
    }
  }

  private isWord(token: ExpressionToken, word: string): boolean {
    return token.kind === 'identifier' && token.text === word;
  }

  private isSymbol(token: ExpressionToken, symbol: string): boolean {
    return token.kind === 'punctuation' && token.text === symbol;
  }

  private expectSymbol(symbol: string): ExpressionToken {
    const token = this.next();
    if (!this.isSymbol(token, symbol)) {
      if (token.kind === 'end') throw this.unexpected(token);
      throw new ExpressionSyntaxError(`expected '${symbol}'`, token.position);
    }
    return token;
  }

  private guardDepth(depth: number): void {
    if (depth > maxDepth) {
      throw new ExpressionSyntaxError('expression is nested too deeply', this.peek().position);
    }
  }

  parseConditional(depth: number): ExpressionNode {
    this.guardDepth(depth);
    const test = this.parseOr(depth);
    if (!this.isSymbol(this.peek(), '?')) return test;
    this.next();
    const then = this.parseConditional(depth + 1);
    this.expectSymbol(':');
    const otherwise = this.parseConditional(depth + 1);
    return { kind: 'conditional', test, then, otherwise };
  }

  private parseOr(depth: number): ExpressionNode {
    let left = this.parseAnd(depth);
    while (this.isSymbol(this.peek(), '||') || this.isWord(this.peek(), 'or')) {
      this.next();
      left = { kind: 'or', left, right: this.parseAnd(depth) };
    }
    return left;
  }

  private parseAnd(depth: number): ExpressionNode {
    let left = this.parseComparison(depth);
    while (this.isSymbol(this.peek(), '&&') || this.isWord(this.peek(), 'and')) {
      this.next();
      left = { kind: 'and', left, right: this.parseComparison(depth) };
    }
    return left;
  }

  private comparisonOperator(token: ExpressionToken): ComparisonOperator | undefined {
    if (token.kind === 'punctuation' && symbolComparisons.has(token.text)) {
      return token.text as ComparisonOperator;
    }
    if (token.kind === 'identifier') return wordComparisons[token.text];
    return undefined;
  }

  private parseComparison(depth: number): ExpressionNode {
    const left = this.parseAdditive(depth);
    const operator = this.comparisonOperator(this.peek());
    if (operator === undefined) return left;
    this.next();
    const right = this.parseAdditive(depth);
    const after = this.peek();
    // Chains like `a < b < c` read differently in every language, so they are refused.
    if (this.comparisonOperator(after) !== undefined) {
      throw new ExpressionSyntaxError(
        'comparisons cannot be chained; use && between them',
        after.position,
      );
    }
    return { kind: 'compare', operator, left, right };
  }

  private arithmeticOperator(
    token: ExpressionToken,
    operators: readonly ArithmeticOperator[],
  ): ArithmeticOperator | undefined {
    if (token.kind === 'punctuation') {
      return operators.find((operator) => operator === token.text);
    }
    if (token.kind === 'identifier') {
      if (token.text === 'div' && operators.includes('/')) return '/';
      if (token.text === 'mod' && operators.includes('%')) return '%';
    }
    return undefined;
  }

  private parseAdditive(depth: number): ExpressionNode {
    let left = this.parseMultiplicative(depth);
    for (;;) {
      const token = this.peek();
      const operator = this.arithmeticOperator(token, ['+', '-']);
      if (operator === undefined) return left;
      this.next();
      const right = this.parseMultiplicative(depth);
      left = this.arithmetic(operator, left, right, token.position);
    }
  }

  private parseMultiplicative(depth: number): ExpressionNode {
    let left = this.parseUnary(depth);
    for (;;) {
      const token = this.peek();
      const operator = this.arithmeticOperator(token, ['*', '/', '%']);
      if (operator === undefined) return left;
      this.next();
      const right = this.parseUnary(depth);
      left = this.arithmetic(operator, left, right, token.position);
    }
  }

  /** Builds an arithmetic node, refusing operands that could never be numbers. */
  private arithmetic(
    operator: ArithmeticOperator,
    left: ExpressionNode,
    right: ExpressionNode,
    position: number,
  ): ExpressionNode {
    for (const operand of [left, right]) this.refuseNonNumeric(operand, operator, position);
    return { kind: 'arithmetic', operator, left, right };
  }

  private refuseNonNumeric(operand: ExpressionNode, operator: string, position: number): void {
    if (isDateNode(operand)) {
      throw new ExpressionSyntaxError(
        `'${operator}' cannot take a date; use .plusDays(n) and the like`,
        position,
      );
    }
    if (operand.kind === 'literal') {
      if (typeof operand.value === 'boolean') {
        throw new ExpressionSyntaxError(`'${operator}' cannot take true or false`, position);
      }
      // JUEL coerces both sides to numbers: '+' never joins texts.
      if (typeof operand.value === 'string' && !isNumericText(operand.value)) {
        throw new ExpressionSyntaxError(
          `'${operator}' works on numbers; texts are not joined`,
          position,
        );
      }
    }
  }

  private parseUnary(depth: number): ExpressionNode {
    this.guardDepth(depth);
    const token = this.peek();
    if (this.isSymbol(token, '!') || this.isWord(token, 'not')) {
      this.next();
      return { kind: 'not', operand: this.parseUnary(depth + 1) };
    }
    if (this.isWord(token, 'empty')) {
      this.next();
      return { kind: 'empty', operand: this.parseUnary(depth + 1) };
    }
    if (this.isSymbol(token, '-')) {
      this.next();
      const operand = this.parseUnary(depth + 1);
      if (operand.kind === 'literal' && typeof operand.value === 'number') {
        return { kind: 'literal', value: -operand.value };
      }
      this.refuseNonNumeric(operand, '-', token.position);
      return { kind: 'negate', operand };
    }
    return this.parsePostfix(depth);
  }

  /** A primary followed by `.name` reads and `.method(...)` calls. */
  private parsePostfix(depth: number): ExpressionNode {
    let node = this.parsePrimary(depth);
    while (this.isSymbol(this.peek(), '.')) {
      this.next();
      const name = this.next();
      if (name.kind !== 'identifier') {
        throw new ExpressionSyntaxError('a name must follow a dot', name.position);
      }
      const method = this.checkedName(name);
      if (!this.isSymbol(this.peek(), '(')) {
        // `a.b.c` is one variable read; a property of anything else is refused.
        if (node.kind === 'variable') {
          // The path array is this parser's own until returned, so it grows in place.
          (node.path as string[]).push(method);
          continue;
        }
        throw new ExpressionSyntaxError(
          `'${method}' can only be read from a variable`,
          name.position,
        );
      }
      const args = this.parseArguments(depth);
      node = this.methodCall(node, method, args, name.position);
    }
    this.refuseCall();
    return node;
  }

  private methodCall(
    target: ExpressionNode,
    method: string,
    args: readonly ExpressionNode[],
    position: number,
  ): ExpressionNode {
    const shift = /^(plus|minus)(Seconds|Minutes|Hours|Days|Weeks|Months|Years)$/.exec(method);
    if (isDateNode(target)) {
      if (method === 'toDate') {
        this.checkArity(method, args, 0, position);
        return target;
      }
      if (shift === null) {
        throw new ExpressionSyntaxError(
          `'${method}' cannot be called on a date; use plus.../minus... and toDate()`,
          position,
        );
      }
      this.checkArity(method, args, 1, position);
      const [amount] = args as [ExpressionNode];
      this.refuseNonNumeric(amount, method, position);
      return {
        kind: 'shiftDate',
        target,
        unit: dateUnits[shift[2] as string] as DateUnit,
        sign: shift[1] === 'plus' ? 1 : -1,
        amount,
      };
    }
    if (shift !== null || method === 'toDate') {
      throw new ExpressionSyntaxError(`'${method}' works only on now() or dateTime()`, position);
    }
    if (!Object.hasOwn(valueMethods, method)) {
      throw new ExpressionSyntaxError(
        `method '${method}' is not supported; use one of ${Object.keys(valueMethods).join(', ')}`,
        position,
      );
    }
    const known = method as ValueMethod;
    this.checkArity(method, args, valueMethods[known], position);
    for (const arg of args) {
      if (isDateNode(arg)) {
        throw new ExpressionSyntaxError(`'${method}' cannot take a date`, position);
      }
    }
    return { kind: 'method', target, method: known, args };
  }

  private checkArity(
    name: string,
    args: readonly ExpressionNode[],
    count: number,
    position: number,
  ): void {
    if (args.length === count) return;
    const expected = `${count} argument${count === 1 ? '' : 's'}`;
    throw new ExpressionSyntaxError(`'${name}' takes ${expected}, not ${args.length}`, position);
  }

  /** `( expression, ... )`, each argument one nesting level deeper. */
  private parseArguments(depth: number): ExpressionNode[] {
    this.expectSymbol('(');
    const args: ExpressionNode[] = [];
    if (this.isSymbol(this.peek(), ')')) {
      this.next();
      return args;
    }
    for (;;) {
      args.push(this.parseConditional(depth + 1));
      const token = this.next();
      if (this.isSymbol(token, ')')) return args;
      if (!this.isSymbol(token, ',')) {
        if (token.kind === 'end') throw this.unexpected(token);
        throw new ExpressionSyntaxError("expected ',' or ')'", token.position);
      }
    }
  }

  private parsePrimary(depth: number): ExpressionNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'identifier':
        return this.parseNameOrLiteral(token, depth);
      case 'punctuation':
        if (token.text === '(') {
          this.guardDepth(depth + 1);
          const inner = this.parseConditional(depth + 1);
          const close = this.next();
          if (!this.isSymbol(close, ')')) throw this.unexpected(close);
          this.refuseCall();
          return inner;
        }
        if (token.text === ',') {
          throw new ExpressionSyntaxError(
            "',' separates arguments and is allowed only inside a call",
            token.position,
          );
        }
        throw this.unexpected(token);
      case 'end':
        throw this.unexpected(token);
    }
  }

  private parseNameOrLiteral(
    token: ExpressionToken & { kind: 'identifier' },
    depth: number,
  ): ExpressionNode {
    if (token.text === 'true') return { kind: 'literal', value: true };
    if (token.text === 'false') return { kind: 'literal', value: false };
    if (token.text === 'null') return { kind: 'literal', value: null };
    if (keywords.has(token.text)) {
      throw new ExpressionSyntaxError(`'${token.text}' cannot be used here`, token.position);
    }
    // `prefix:name(...)` is a function; a lone `name :` belongs to a `?:` around it.
    const name = this.peek(1);
    if (
      this.isSymbol(this.peek(), ':') &&
      name.kind === 'identifier' &&
      this.isSymbol(this.peek(2), '(')
    ) {
      return this.parseFunction(token, name, depth);
    }
    if (clockFunctions.has(token.text) && this.isSymbol(this.peek(), '(')) {
      const args = this.parseArguments(depth);
      this.checkArity(`${token.text}()`, args, 0, token.position);
      return { kind: 'now' };
    }
    return { kind: 'variable', path: [this.checkedName(token)] };
  }

  private parseFunction(
    prefix: ExpressionToken & { kind: 'identifier' },
    name: ExpressionToken & { kind: 'identifier' },
    depth: number,
  ): ExpressionNode {
    const qualified = `${prefix.text}:${name.text}`;
    const known = Object.hasOwn(variableFunctions, name.text)
      ? variableFunctions[name.text]
      : undefined;
    if (!functionPrefixes.has(prefix.text) || known === undefined) {
      throw new ExpressionSyntaxError(
        `function '${qualified}' is not supported; use variables:get, getOrDefault, exists, ` +
          'isEmpty, isNotEmpty, equals, notEquals, contains, containsAny, lowerThan, ' +
          'lowerThanOrEquals, greaterThan or greaterThanOrEquals',
        prefix.position,
      );
    }
    this.next();
    this.next();
    const variableToken = this.peek(1);
    // Flowable passes the variable by name: `variables:get(amount)` or `('amount')`.
    if (variableToken.kind !== 'identifier' && variableToken.kind !== 'string') {
      throw new ExpressionSyntaxError(
        `'${qualified}' takes a variable name first`,
        variableToken.position,
      );
    }
    const variable = variableToken.kind === 'identifier' ? variableToken.text : variableToken.value;
    const after = this.peek(2);
    if (!this.isSymbol(after, ',') && !this.isSymbol(after, ')')) {
      throw new ExpressionSyntaxError(
        `'${qualified}' takes a variable name first, not an expression`,
        variableToken.position,
      );
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable) || isForbiddenName(variable)) {
      throw new ExpressionSyntaxError(
        `'${variable}' is not a variable name`,
        variableToken.position,
      );
    }
    const args = this.parseArgumentsAfterName(depth);
    const given = args.length + 1;
    if (given !== known.args && !(known.more === true && given > known.args)) {
      const expected = `${known.more === true ? 'at least ' : ''}${known.args}`;
      throw new ExpressionSyntaxError(
        `'${qualified}' takes ${expected} argument${known.args === 1 ? '' : 's'}, not ${given}`,
        prefix.position,
      );
    }
    return { kind: 'function', name: known.name, variable, args };
  }

  /** The arguments after a function's variable name, up to and with the closing ')'. */
  private parseArgumentsAfterName(depth: number): ExpressionNode[] {
    this.expectSymbol('(');
    this.next();
    const args: ExpressionNode[] = [];
    for (;;) {
      const token = this.next();
      if (this.isSymbol(token, ')')) return args;
      if (!this.isSymbol(token, ',')) {
        if (token.kind === 'end') throw this.unexpected(token);
        throw new ExpressionSyntaxError("expected ',' or ')'", token.position);
      }
      args.push(this.parseConditional(depth + 1));
    }
  }

  private checkedName(token: ExpressionToken & { kind: 'identifier' }): string {
    if (isForbiddenName(token.text)) {
      throw new ExpressionSyntaxError(`'${token.text}' is not allowed`, token.position);
    }
    return token.text;
  }

  private refuseCall(): void {
    const after = this.peek();
    if (this.isSymbol(after, '(')) {
      throw new ExpressionSyntaxError('function calls are not allowed', after.position);
    }
  }
}
