import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hiddenFieldIds } from './evaluateVisibility';
import { ruleOfExpression } from './ruleOfExpression';
import { ruleOfFlowable } from './ruleOfFlowable';
import { compileForm } from '../../../../plugins/compiler';

/** Whether a field ruled by `condition` is shown for these values. */
function shown(condition: string, values: Record<string, unknown>): boolean {
  const { rule, problem } = ruleOfExpression(condition, '/v');
  expect(problem).toBeUndefined();
  return hiddenFieldIds([{ id: 'target', visibleWhen: rule }], values).size === 0;
}

describe('visibility conditions written as expressions', () => {
  it.each([
    ['${empty notes}', { notes: '' }, true],
    ['${empty notes}', { notes: 'seen' }, false],
    ['${!empty notes}', { notes: 'seen' }, true],
    ['${!empty notes}', { notes: [] }, false],
    ['${not empty notes}', {}, false],
    ['${status.equals("APPROVED")}', { status: 'APPROVED' }, true],
    ["${status.equals('APPROVED')}", { status: 'REJECTED' }, false],
    ['${"APPROVED".equals(status)}', { status: 'APPROVED' }, true],
    ['${!status.equals("APPROVED")}', { status: 'REJECTED' }, true],
    ['${amount > 1000 && !empty guarantor}', { amount: '1500', guarantor: 'Ada' }, true],
    ['${amount > 1000 && !empty guarantor}', { amount: 1500, guarantor: '' }, false],
    ['${amount gt 1000 or vip}', { amount: 10, vip: true }, true],
    ['${1000 < amount}', { amount: 1001 }, true],
    ['${income >= expenses}', { income: 10, expenses: 12 }, false],
    ['${hasGuarantor}', { hasGuarantor: true }, true],
    ['${!hasGuarantor}', { hasGuarantor: true }, false],
    ['#{status == null}', {}, true],
    ['a == 1 || (b == 2 && c == 3)', { a: 0, b: 2, c: 3 }, true],
  ])('given %s, when values are %j, then the field is shown: %s', (condition, values, expected) => {
    expect(shown(condition, values)).toBe(expected);
  });

  it('given a negated group, when read, then De Morgan turns it into comparisons of their own', () => {
    expect(ruleOfExpression('${!(a == 1 || empty b)}', '/v').rule).toEqual({
      any: [
        {
          all: [
            { field: 'a', op: 'notEquals', value: 1 },
            { field: 'b', op: 'notEmpty' },
          ],
        },
      ],
    });
  });

  it.each([
    ['${status.startsWith("A")}', 'operator'],
    ['${amount + 1 > 5}', 'syntax'],
    ['${variables:get(a)}', 'syntax'],
    ['${1 == 1}', 'syntax'],
    ['${a == }', 'syntax'],
    ['${"open}', 'syntax'],
    [`\${${'('.repeat(40)}a${')'.repeat(40)}}`, 'tooLong'],
    [`\${${Array.from({ length: 8 }, (_, i) => `(a${i} || b${i})`).join(' && ')}}`, 'tooLong'],
    [`\${${'a == 1 && '.repeat(300)}b}`, 'tooLong'],
  ])('given %s, when read, then it is not applied and says why (%s)', (condition, reason) => {
    expect(ruleOfExpression(condition, '/v')).toEqual({ problem: { reason, path: '/v' } });
  });

  it('given an empty text, when read, then there is no condition', () => {
    expect(ruleOfExpression('  ', '/v')).toEqual({});
    expect(ruleOfExpression('${ }', '/v')).toEqual({});
  });

  it('given a Flowable form whose field carries an expression text, when compiled, then the field is shown only while it holds', () => {
    const result = compileForm({
      key: 'guarantor',
      fields: [
        { id: 'status', name: 'Status', type: 'text' },
        {
          id: 'approvalNote',
          name: 'Approval note',
          type: 'text',
          visibilityCondition: '${status.equals("APPROVED") && !empty status}',
        },
      ],
    });
    expect(result.errors).toEqual([]);
    const fields = result.form?.sections.flatMap((section) => section.fields) ?? [];
    expect([...hiddenFieldIds(fields, { status: 'APPROVED' })]).toEqual([]);
    expect([...hiddenFieldIds(fields, { status: 'NEW' })]).toEqual(['approvalNote']);
  });

  it('given an expression text with a method the form cannot judge, when read through ruleOfFlowable, then the reason is told', () => {
    expect(ruleOfFlowable('${status.contains("A")}', '/fields/1/visibilityCondition')).toEqual({
      problem: { reason: 'operator', path: '/fields/1/visibilityCondition' },
    });
  });

  it('given any text or token soup, when read, then it answers a rule, nothing or a reason, and never throws', () => {
    const pieces = ['a', 'b', '==', '!=', '<', '>=', '&&', '||', 'and', 'or', 'not', '!', 'empty'];
    const more = ['(', ')', '.', 'equals', 'trim', '"x"', "'y'", '1', '-2.5', 'true', 'null', ','];
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 120 }),
          fc
            .array(fc.constantFrom(...pieces, ...more), { maxLength: 40 })
            .map((parts) => parts.join(' ')),
        ),
        (text) => {
          const read = ruleOfExpression(`\${${text}}`, '/v');
          if (read.rule) {
            expect(read.rule.any.length).toBeGreaterThan(0);
            expect(() =>
              hiddenFieldIds([{ id: 'target', visibleWhen: read.rule }], {}),
            ).not.toThrow();
          } else if (read.problem) {
            expect(['syntax', 'operator', 'tooLong']).toContain(read.problem.reason);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
