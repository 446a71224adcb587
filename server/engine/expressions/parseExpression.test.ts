import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateCondition, evaluateExpression } from './evaluateExpression';
import type { Variables } from './expressionAst';
import { ExpressionEvaluationError } from './expressionEvaluationError';
import { ExpressionSyntaxError } from './expressionSyntaxError';
import { parseCondition, parseExpression } from './parseExpression';

function refusal(text: string): string {
  try {
    parseCondition(text);
  } catch (error) {
    if (error instanceof ExpressionSyntaxError) return error.message;
    throw error;
  }
  throw new Error(`expected '${text}' to be refused`);
}

describe('parseExpression', () => {
  it('given comparisons and Boolean words, when parsed, then the tree keeps precedence', () => {
    expect(parseExpression('a > 1 && b == "x" or not c')).toEqual({
      kind: 'or',
      left: {
        kind: 'and',
        left: {
          kind: 'compare',
          operator: '>',
          left: { kind: 'variable', path: ['a'] },
          right: { kind: 'literal', value: 1 },
        },
        right: {
          kind: 'compare',
          operator: '==',
          left: { kind: 'variable', path: ['b'] },
          right: { kind: 'literal', value: 'x' },
        },
      },
      right: { kind: 'not', operand: { kind: 'variable', path: ['c'] } },
    });
  });

  it('given JUEL word operators and a negative number, when parsed, then they map to symbols', () => {
    expect(parseExpression('amount ge -5.5')).toEqual({
      kind: 'compare',
      operator: '>=',
      left: { kind: 'variable', path: ['amount'] },
      right: { kind: 'literal', value: -5.5 },
    });
  });

  it('given a dotted path, when parsed, then it is one variable read', () => {
    expect(parseExpression('customer.address.city')).toEqual({
      kind: 'variable',
      path: ['customer', 'address', 'city'],
    });
  });

  it.each([
    ["${constructor.constructor('x')()}", "'constructor' is not allowed"],
    ['${a.constructor}', "'constructor' is not allowed"],
    ['${__proto__}', "'__proto__' is not allowed"],
    ['${a.__proto__.b}', "'__proto__' is not allowed"],
    ['${Object.prototype}', "'prototype' is not allowed"],
    ['${f(1)}', 'function calls are not allowed'],
    [
      '${a.b()}',
      "method 'b' is not supported; use one of equals, equalsIgnoreCase, contains, startsWith, endsWith, isEmpty, length, size, toLowerCase, toUpperCase, trim",
    ],
    ['${(a)(b)}', 'function calls are not allowed'],
    ['${a = 1}', "'=': assignment is not allowed"],
    ['${a[0]}', "'[': indexing is not allowed"],
    ['${a + "x"}', "'+' works on numbers; texts are not joined"],
    ['${a ? b}', 'unexpected end of expression'],
    ['${a ? b , c}', "expected ':'"],
    ['${1 < a < 3}', 'comparisons cannot be chained; use && between them'],
    ['${}', 'empty expression'],
    ['${"open}', 'unterminated string'],
    ['amount > 5', 'a condition must be written as ${...}'],
    ['${a &&}', 'unexpected end of expression'],
    ['${a b}', "unexpected name 'b'"],
  ])('given %s, when parsed as a condition, then it is refused (%s)', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('given a refusal, when reported, then the position points into the author text', () => {
    try {
      parseCondition('  ${a = 1}');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionSyntaxError);
      expect((error as ExpressionSyntaxError).position).toBe(6);
    }
  });

  it('given very deep nesting, when parsed, then it is refused instead of overflowing', () => {
    expect(() => parseExpression(`${'('.repeat(500)}a${')'.repeat(500)}`)).toThrow(
      ExpressionSyntaxError,
    );
    expect(() => parseExpression(`${'!'.repeat(500)}a`)).toThrow(ExpressionSyntaxError);
  });

  it('given any string, when parsed, then it yields a tree or an ExpressionSyntaxError only', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        try {
          parseExpression(source);
          parseCondition(source);
        } catch (error) {
          expect(error).toBeInstanceOf(ExpressionSyntaxError);
        }
      }),
      { numRuns: 2000 },
    );
  });

  const pieces = [
    'a',
    'b',
    'c',
    'x.y',
    '.',
    '(',
    ')',
    '==',
    '!=',
    '<',
    '>=',
    '&&',
    '||',
    '!',
    'and',
    'or',
    'not',
    'eq',
    '1',
    '-',
    '+',
    '*',
    'div',
    'mod',
    '?',
    ':',
    'empty',
    'equals',
    'variables',
    'now',
    '2.5',
    '"s"',
    "'t'",
    'true',
    'null',
    'constructor',
    '__proto__',
    'prototype',
    'toString',
    'valueOf',
    'f',
    '=',
    '[',
    ']',
    ',',
    ' ',
    '${',
    '}',
  ];

  it('given token soup, when parsed and evaluated, then nothing is ever called', () => {
    const called: string[] = [];
    const trap = (name: string) => () => {
      called.push(name);
      return true;
    };
    // Functions are not JSON, but a careless caller could pass them: they must stay inert.
    const variables = {
      a: 1,
      b: 'x',
      c: true,
      f: trap('f'),
      toString: trap('toString'),
      valueOf: trap('valueOf'),
      x: { y: trap('x.y'), toString: trap('x.toString') },
    } as unknown as Variables;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const source = parts.join(' ');
        let node;
        try {
          node = parseExpression(source);
        } catch (error) {
          expect(error).toBeInstanceOf(ExpressionSyntaxError);
          return;
        }
        try {
          const value = evaluateExpression(node, variables);
          expect(['string', 'number', 'boolean', 'object']).toContain(typeof value);
          expect(typeof evaluateCondition(node, variables)).toBe('boolean');
        } catch (error) {
          // Arithmetic on a Boolean or a text is refused while evaluating, never called.
          expect(error).toBeInstanceOf(ExpressionEvaluationError);
        }
      }),
      { numRuns: 3000 },
    );
    expect(called).toEqual([]);
  });
});

describe('evaluateExpression', () => {
  const variables: Variables = {
    amount: 60000,
    amountText: '60000',
    approved: 'true',
    rejected: false,
    status: 'NEW',
    dueOn: '2026-03-01',
    customer: { name: 'Ana', tier: { level: 2 } },
    list: [1, 2],
    nothing: null,
  };
  const check = (source: string): boolean => evaluateCondition(parseCondition(source), variables);

  it.each([
    ['${amount > 50000}', true],
    ['${amount <= 50000}', false],
    ['${amountText > 50000}', true],
    ['${amountText == 60000}', true],
    ['${approved}', true],
    ['${approved == true}', true],
    ['${!rejected && approved}', true],
    ['${rejected || status == "NEW"}', true],
    ["${status != 'NEW'}", false],
    ['${dueOn < "2026-04-01"}', true],
    ['${customer.tier.level >= 2}', true],
    ['${customer.missing.deep == null}', true],
    ['${unknown == null}', true],
    ['${nothing == null}', true],
    ['${nothing < 1}', false],
    ['${list == list}', false],
    ['${list != null}', true],
    ['${customer.name eq "Ana" and not rejected}', true],
    ['${(amount > 1 || rejected) && status == "NEW"}', true],
    ['${amount}', false],
    ['${toString == null}', true],
  ])('given the variables, when %s is evaluated, then it is %s', (source, expected) => {
    expect(check(source)).toBe(expected);
  });

  it('given a path through an inherited property, when read, then it is null', () => {
    const node = parseExpression('customer.hasOwnProperty');
    expect(evaluateExpression(node, variables)).toBeNull();
  });
});
