import { describe, expect, it } from 'vitest';
import { ExpressionSyntaxError } from './expressionSyntaxError';
import { evaluateTemplate, isTemplate, parseTemplate, renderTemplate } from './parseTemplate';

describe('parseTemplate', () => {
  it('given text with placeholders, when rendered, then variables fill them and missing ones vanish', () => {
    const parts = parseTemplate('Review ${customer.name} (${missing}) for ${amount}');
    expect(isTemplate(parts)).toBe(true);
    expect(renderTemplate(parts, { customer: { name: 'Ana' }, amount: 5000 })).toBe(
      'Review Ana () for 5000',
    );
  });

  it('given a brace inside a quoted string, when parsed, then it does not close the placeholder', () => {
    const parts = parseTemplate("${status == '}'} done");
    expect(renderTemplate(parts, { status: '}' })).toBe('true done');
  });

  it('given exactly one placeholder, when evaluated, then the raw value comes back', () => {
    expect(evaluateTemplate(parseTemplate('${groups}'), { groups: ['a', 'b'] })).toEqual([
      'a',
      'b',
    ]);
    expect(evaluateTemplate(parseTemplate('x ${groups}'), { groups: ['a'] })).toBe('x ["a"]');
  });

  it('given plain text, when parsed, then it is not a template', () => {
    expect(isTemplate(parseTemplate('P3D'))).toBe(false);
    expect(parseTemplate('')).toEqual([]);
  });

  it.each([
    ['Hello ${name', 'unterminated ${', 6],
    ['Hello ${f()}', 'function calls are not allowed', 9],
  ])('given %s, when parsed, then it is refused at the right offset', (text, message, position) => {
    try {
      parseTemplate(text);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ExpressionSyntaxError);
      expect((error as ExpressionSyntaxError).message).toBe(message);
      expect((error as ExpressionSyntaxError).position).toBe(position);
    }
  });
});
