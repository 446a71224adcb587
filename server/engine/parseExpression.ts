import type { ComparisonOperator, ExpressionNode } from './expressionAst';
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

/** Words with a meaning of their own that can never name a variable. */
const keywords: ReadonlySet<string> = new Set([
  'true',
  'false',
  'null',
  'and',
  'or',
  'not',
  ...Object.keys(wordComparisons),
]);

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
  const node = parser.parseOr(0);
  const rest = parser.peek();
  if (rest.kind !== 'end') throw parser.unexpected(rest);
  return node;
}

/**
 * Parses a whole condition text, which must be exactly one `${...}` (surrounding blanks
 * allowed), as on a BPMN `conditionExpression`. Throws only {@link ExpressionSyntaxError}.
 */
export function parseCondition(text: string): ExpressionNode {
  const trimmed = text.trim();
  if (!trimmed.startsWith('${') || !trimmed.endsWith('}')) {
    throw new ExpressionSyntaxError('a condition must be written as ${...}', 0);
  }
  const inner = trimmed.slice(2, -1);
  try {
    return parseExpression(inner);
  } catch (error) {
    // Shift the offset so it points into the text the author wrote.
    if (error instanceof ExpressionSyntaxError) {
      throw new ExpressionSyntaxError(error.message, error.position + 2 + text.indexOf('${'));
    }
    throw error;
  }
}

/** Recursive descent over the token list; one method per precedence level. */
class ExpressionParser {
  private index = 0;

  constructor(private readonly tokens: readonly ExpressionToken[]) {}

  peek(): ExpressionToken {
    // The tokenizer always ends the list with an 'end' token, and we never step past it.
    return this.tokens[Math.min(this.index, this.tokens.length - 1)] as ExpressionToken;
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

  private guardDepth(depth: number): void {
    if (depth > maxDepth) {
      throw new ExpressionSyntaxError('expression is nested too deeply', this.peek().position);
    }
  }

  parseOr(depth: number): ExpressionNode {
    let left = this.parseAnd(depth);
    while (this.isSymbol(this.peek(), '||') || this.isWord(this.peek(), 'or')) {
      this.next();
      left = { kind: 'or', left, right: this.parseAnd(depth) };
    }
    return left;
  }

  private parseAnd(depth: number): ExpressionNode {
    let left = this.parseNot(depth);
    while (this.isSymbol(this.peek(), '&&') || this.isWord(this.peek(), 'and')) {
      this.next();
      left = { kind: 'and', left, right: this.parseNot(depth) };
    }
    return left;
  }

  private parseNot(depth: number): ExpressionNode {
    this.guardDepth(depth);
    if (this.isSymbol(this.peek(), '!') || this.isWord(this.peek(), 'not')) {
      this.next();
      return { kind: 'not', operand: this.parseNot(depth + 1) };
    }
    return this.parseComparison(depth);
  }

  private comparisonOperator(token: ExpressionToken): ComparisonOperator | undefined {
    if (token.kind === 'punctuation' && symbolComparisons.has(token.text)) {
      return token.text as ComparisonOperator;
    }
    if (token.kind === 'identifier') return wordComparisons[token.text];
    return undefined;
  }

  private parseComparison(depth: number): ExpressionNode {
    const left = this.parsePrimary(depth);
    const operator = this.comparisonOperator(this.peek());
    if (operator === undefined) return left;
    this.next();
    const right = this.parsePrimary(depth);
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

  private parsePrimary(depth: number): ExpressionNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { kind: 'literal', value: token.value };
      case 'string':
        return { kind: 'literal', value: token.value };
      case 'identifier':
        return this.parseNameOrLiteral(token);
      case 'punctuation':
        if (token.text === '-') {
          const number = this.next();
          if (number.kind !== 'number') {
            throw new ExpressionSyntaxError('a minus sign must precede a number', token.position);
          }
          return { kind: 'literal', value: -number.value };
        }
        if (token.text === '(') {
          this.guardDepth(depth + 1);
          const inner = this.parseOr(depth + 1);
          const close = this.next();
          if (!this.isSymbol(close, ')')) throw this.unexpected(close);
          this.refuseCall();
          return inner;
        }
        throw this.unexpected(token);
      case 'end':
        throw this.unexpected(token);
    }
  }

  private parseNameOrLiteral(token: ExpressionToken & { kind: 'identifier' }): ExpressionNode {
    if (token.text === 'true') return { kind: 'literal', value: true };
    if (token.text === 'false') return { kind: 'literal', value: false };
    if (token.text === 'null') return { kind: 'literal', value: null };
    if (keywords.has(token.text)) {
      throw new ExpressionSyntaxError(`'${token.text}' cannot be used here`, token.position);
    }
    const path = [this.checkedName(token)];
    while (this.isSymbol(this.peek(), '.')) {
      this.next();
      const segment = this.next();
      if (segment.kind !== 'identifier') {
        throw new ExpressionSyntaxError('a name must follow a dot', segment.position);
      }
      path.push(this.checkedName(segment));
    }
    this.refuseCall();
    return { kind: 'variable', path };
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
