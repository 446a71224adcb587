import type { ComparisonOp, FieldComparison, VisibilityRule } from '../../../../schemas/forms';
import { negate } from './visibilityRule';

/** What `ruleOfExpression` read: the rule, or why the condition is not applied. */
export interface ExpressionRuleRead {
  readonly rule?: VisibilityRule;
  readonly problem?: { readonly reason: string; readonly path: string };
}

/** Longer texts are not read: no modeler writes them and they only cost time. */
const MAX_LENGTH = 2000;
/** Nesting (parentheses, `!`) deeper than this is refused rather than recursed into. */
const MAX_DEPTH = 32;
/** A rule is "any of all"; spreading `and` over `or` must not explode past this. */
const MAX_GROUPS = 64;

type Token =
  | { readonly kind: 'name'; readonly text: string }
  | { readonly kind: 'literal'; readonly value: string | number | boolean | null }
  | { readonly kind: 'symbol'; readonly text: string };

type Condition =
  | { readonly kind: 'comparison'; readonly comparison: FieldComparison }
  | { readonly kind: 'and' | 'or'; readonly left: Condition; readonly right: Condition }
  | { readonly kind: 'not'; readonly operand: Condition };

/** Why a text cannot become a rule; caught once at the top. */
class Unreadable extends Error {
  constructor(readonly reason: 'syntax' | 'operator' | 'tooLong') {
    super(reason);
  }
}

const SYMBOLS = ['==', '!=', '<=', '>=', '&&', '||', '<', '>', '!', '(', ')', '.'];

const OPERATORS: Readonly<Record<string, ComparisonOp>> = {
  '==': 'equals',
  eq: 'equals',
  '!=': 'notEquals',
  ne: 'notEquals',
  '<': 'lessThan',
  lt: 'lessThan',
  '>': 'greaterThan',
  gt: 'greaterThan',
  '<=': 'atMost',
  le: 'atMost',
  '>=': 'atLeast',
  ge: 'atLeast',
};

/** The operator that holds with its sides swapped: `5 < a` is `a > 5`. */
const SWAPPED: Readonly<Record<ComparisonOp, ComparisonOp>> = {
  equals: 'equals',
  notEquals: 'notEquals',
  lessThan: 'greaterThan',
  greaterThan: 'lessThan',
  atMost: 'atLeast',
  atLeast: 'atMost',
  empty: 'empty',
  notEmpty: 'notEmpty',
};

// Sticky patterns: each matches exactly at `lastIndex`, so reading is one pass over the text.
const SPACE = /\s+/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;
const NUMBER = /-?[0-9]+(\.[0-9]+)?/y;

function matchAt(pattern: RegExp, source: string, index: number): string | undefined {
  pattern.lastIndex = index;
  return pattern.exec(source)?.[0];
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < source.length) {
    const space = matchAt(SPACE, source, index);
    if (space !== undefined) {
      index += space.length;
      continue;
    }
    const word = matchAt(WORD, source, index);
    if (word !== undefined) {
      if (word === 'true' || word === 'false') {
        tokens.push({ kind: 'literal', value: word === 'true' });
      } else if (word === 'null') tokens.push({ kind: 'literal', value: null });
      else tokens.push({ kind: 'name', text: word });
      index += word.length;
      continue;
    }
    const number = matchAt(NUMBER, source, index);
    if (number !== undefined) {
      tokens.push({ kind: 'literal', value: Number(number) });
      index += number.length;
      continue;
    }
    const quote = source.charAt(index);
    if (quote === '"' || quote === "'") {
      const close = source.indexOf(quote, index + 1);
      if (close < 0) throw new Unreadable('syntax');
      tokens.push({ kind: 'literal', value: source.slice(index + 1, close) });
      index = close + 1;
      continue;
    }
    const symbol = SYMBOLS.find((candidate) => source.startsWith(candidate, index));
    if (!symbol) throw new Unreadable('syntax');
    tokens.push({ kind: 'symbol', text: symbol });
    index += symbol.length;
  }
  return tokens;
}

/** Recursive descent, JUEL's precedence: `||` below `&&` below `!` and comparisons. */
class ConditionParser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  parse(): Condition {
    const condition = this.or(0);
    if (this.index < this.tokens.length) throw new Unreadable('syntax');
    return condition;
  }

  private peek(offset = 0): Token | undefined {
    return this.tokens[this.index + offset];
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return token !== undefined && token.kind !== 'literal' && token.text === text;
  }

  private take(text: string): void {
    if (!this.is(text)) throw new Unreadable('syntax');
    this.index += 1;
  }

  private or(depth: number): Condition {
    let left = this.and(depth);
    while (this.is('||') || this.is('or')) {
      this.index += 1;
      left = { kind: 'or', left, right: this.and(depth) };
    }
    return left;
  }

  private and(depth: number): Condition {
    let left = this.unary(depth);
    while (this.is('&&') || this.is('and')) {
      this.index += 1;
      left = { kind: 'and', left, right: this.unary(depth) };
    }
    return left;
  }

  private unary(depth: number): Condition {
    if (depth > MAX_DEPTH) throw new Unreadable('tooLong');
    if (this.is('!') || this.is('not')) {
      this.index += 1;
      return { kind: 'not', operand: this.unary(depth + 1) };
    }
    if (this.is('empty')) {
      this.index += 1;
      return { kind: 'comparison', comparison: { field: this.field(), op: 'empty' } };
    }
    if (this.is('(')) {
      this.index += 1;
      const inner = this.or(depth + 1);
      this.take(')');
      return inner;
    }
    return this.comparison();
  }

  private field(): string {
    const token = this.peek();
    if (token?.kind !== 'name' || OPERATORS[token.text] || token.text === 'empty') {
      throw new Unreadable('syntax');
    }
    this.index += 1;
    return token.text;
  }

  /** A side of a comparison: a field's id or a written value. */
  private side(): { field: string } | { value: string | number | boolean | null } {
    const token = this.peek();
    if (token?.kind === 'literal') {
      this.index += 1;
      return { value: token.value };
    }
    return { field: this.field() };
  }

  private comparison(): Condition {
    const left = this.side();
    // `a.equals("x")` and `"x".equals(a)`, as Java-minded modelers write equality.
    if (this.is('.')) {
      this.index += 1;
      const method = this.peek();
      if (method?.kind !== 'name' || method.text !== 'equals') throw new Unreadable('operator');
      this.index += 1;
      this.take('(');
      const right = this.side();
      this.take(')');
      return this.compare(left, 'equals', right);
    }
    const operator = this.peek();
    const op = operator && operator.kind !== 'literal' ? OPERATORS[operator.text] : undefined;
    if (op === undefined) {
      // A lone field is a Boolean test: a ticked box.
      if ('field' in left) return this.compare(left, 'equals', { value: 'true' });
      throw new Unreadable('syntax');
    }
    this.index += 1;
    return this.compare(left, op, this.side());
  }

  private compare(
    left: { field: string } | { value: string | number | boolean | null },
    op: ComparisonOp,
    right: { field: string } | { value: string | number | boolean | null },
  ): Condition {
    if ('field' in left) {
      const comparison: FieldComparison =
        'field' in right
          ? { field: left.field, op, otherField: right.field }
          : { field: left.field, op, value: right.value };
      return { kind: 'comparison', comparison };
    }
    if ('field' in right) {
      return {
        kind: 'comparison',
        comparison: { field: right.field, op: SWAPPED[op], value: left.value },
      };
    }
    // Two written values compare nothing the user enters.
    throw new Unreadable('syntax');
  }
}

/** The condition as "any of all" groups, with `!` pushed down to the comparisons. */
function groupsOf(condition: Condition, negated: boolean): FieldComparison[][] {
  switch (condition.kind) {
    case 'comparison':
      return [[negated ? negate(condition.comparison) : condition.comparison]];
    case 'not':
      return groupsOf(condition.operand, !negated);
    default: {
      const left = groupsOf(condition.left, negated);
      const right = groupsOf(condition.right, negated);
      // De Morgan: a negated `and` is an `or` of the negations, and the other way round.
      const isOr = (condition.kind === 'or') !== negated;
      const groups = isOr
        ? [...left, ...right]
        : left.flatMap((first) => right.map((second) => [...first, ...second]));
      if (groups.length > MAX_GROUPS) throw new Unreadable('tooLong');
      return groups;
    }
  }
}

/**
 * Reads a visibility condition written as an expression, the way Flowable models and
 * hand-written form files carry it: `${amount > 1000 && !empty guarantor}`,
 * `${status.equals("APPROVED")}`, `not empty notes`, `a == b || (c != 'x')`. Fields are
 * named by id; `!` before a comparison negates it. What cannot be a rule over this
 * form's fields is not applied and says why, so the field stays shown.
 */
export function ruleOfExpression(written: string, path: string): ExpressionRuleRead {
  let source = written.trim();
  if (/^[$#]\{[\s\S]*\}$/.test(source)) source = source.slice(2, -1).trim();
  if (source === '') return {};
  try {
    if (source.length > MAX_LENGTH) throw new Unreadable('tooLong');
    const groups = groupsOf(new ConditionParser(tokenize(source)).parse(), false);
    return { rule: { any: groups.map((all) => ({ all })) } };
  } catch (error) {
    if (error instanceof Unreadable) return { problem: { reason: error.reason, path } };
    throw error;
  }
}
