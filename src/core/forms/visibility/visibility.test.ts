import { describe, expect, it } from 'vitest';
import type { VisibilityRule } from '../../../../schemas/forms';
import { comparisonHolds, hiddenFieldIds } from './evaluateVisibility';
import { ruleOfFlowable } from './ruleOfFlowable';
import { ruleOfDesigner } from './visibilityRule';

const when = (field: string, value: unknown) => (id: string) => (id === field ? value : undefined);
const shownWhenTicked: VisibilityRule = {
  any: [{ all: [{ field: 'guarantor', op: 'equals', value: 'true' }] }],
};

describe('visibility conditions', () => {
  it('given a checkbox condition written as Flowable does ("true"), when the box is ticked or not, then it holds only when ticked', () => {
    const comparison = { field: 'guarantor', op: 'equals', value: 'true' } as const;
    expect(comparisonHolds(comparison, when('guarantor', true))).toBe(true);
    expect(comparisonHolds(comparison, when('guarantor', false))).toBe(false);
    expect(comparisonHolds(comparison, when('guarantor', undefined))).toBe(false);
  });

  it('given numbers, dates, options and lists, when compared, then each compares by its kind', () => {
    expect(comparisonHolds({ field: 'a', op: 'greaterThan', value: '1000' }, when('a', 1200))).toBe(
      true,
    );
    expect(
      comparisonHolds({ field: 'a', op: 'greaterThan', value: 1000 }, when('a', '999.5')),
    ).toBe(false);
    expect(comparisonHolds({ field: 'a', op: 'atLeast', value: 5 }, when('a', null))).toBe(false);
    expect(
      comparisonHolds({ field: 'd', op: 'lessThan', value: '2026-06-01' }, when('d', '2026-05-31')),
    ).toBe(true);
    expect(
      comparisonHolds({ field: 'p', op: 'equals', value: 'car' }, when('p', { id: 'car' })),
    ).toBe(true);
    expect(comparisonHolds({ field: 'l', op: 'equals', value: 'b' }, when('l', ['a', 'b']))).toBe(
      true,
    );
    expect(comparisonHolds({ field: 'e', op: 'empty' }, when('e', '  '))).toBe(true);
    expect(comparisonHolds({ field: 'e', op: 'notEmpty' }, when('e', []))).toBe(false);
  });

  it('given a field whose rule reads a hidden field, when judged, then it is hidden too (the hidden value is not sent)', () => {
    const fields = [
      { id: 'guarantor' },
      { id: 'guarantorName', visibleWhen: shownWhenTicked },
      {
        id: 'guarantorIncome',
        visibleWhen: ruleOfDesigner({ field: 'guarantorName', op: 'notEmpty' }),
      },
    ];
    expect([...hiddenFieldIds(fields, { guarantor: false, guarantorName: 'Ada' })]).toEqual([
      'guarantorName',
      'guarantorIncome',
    ]);
    expect([...hiddenFieldIds(fields, { guarantor: true, guarantorName: 'Ada' })]).toEqual([]);
  });

  it('given rules that read each other, when judged, then the loop leaves its fields shown', () => {
    const fields = [
      { id: 'a', visibleWhen: ruleOfDesigner({ field: 'b', op: 'empty' }) },
      { id: 'b', visibleWhen: ruleOfDesigner({ field: 'a', op: 'empty' }) },
    ];
    expect(() => hiddenFieldIds(fields, {})).not.toThrow();
  });

  it('given a chain of 10,000 rules each reading the one before, when judged, then no stack overflows', () => {
    const fields = Array.from({ length: 10_000 }, (_, index) => ({
      id: `f${index}`,
      ...(index === 0
        ? {}
        : { visibleWhen: ruleOfDesigner({ field: `f${index - 1}`, op: 'notEmpty' }) }),
    }));
    const values = Object.fromEntries(fields.map((field) => [field.id, 'x']));
    expect(hiddenFieldIds(fields, values).size).toBe(0);
    expect(hiddenFieldIds(fields, { ...values, f0: '' }).size).toBe(9_999);
  });

  it('given a Flowable chain with and, or and and-not, when read, then it is judged left to right', () => {
    // (checked == true and amount > 1000) or-not (status != "new")
    const { rule, problem } = ruleOfFlowable(
      {
        leftFormFieldId: 'checked',
        operator: '==',
        rightValue: 'true',
        nextConditionOperator: 'and',
        nextCondition: {
          leftFormFieldId: 'amount',
          operator: '>',
          rightValue: '1000',
          nextConditionOperator: 'or-not',
          nextCondition: { leftFormFieldId: 'status', operator: '!=', rightValue: 'new' },
        },
      },
      '/fields/0/visibilityCondition',
    );
    expect(problem).toBeUndefined();
    const holds = (values: Record<string, unknown>) =>
      hiddenFieldIds([{ id: 'x', visibleWhen: rule }], values).size === 0;
    expect(holds({ checked: true, amount: 1500, status: 'old' })).toBe(true);
    expect(holds({ checked: false, amount: 1500, status: 'old' })).toBe(false);
    expect(holds({ checked: false, amount: 0, status: 'new' })).toBe(true);
  });

  it('given Flowable conditions on another field, empty, and nothing, when read, then each is a rule or none', () => {
    expect(
      ruleOfFlowable(
        { leftFormFieldId: 'a', operator: '==', rightFormFieldId: 'b', rightValue: '' },
        '',
      ).rule,
    ).toEqual({ any: [{ all: [{ field: 'a', op: 'equals', otherField: 'b' }] }] });
    expect(
      ruleOfFlowable({ leftType: 'field', leftValue: 'a', operator: '!empty' }, '').rule,
    ).toEqual({
      any: [{ all: [{ field: 'a', op: 'notEmpty' }] }],
    });
    expect(ruleOfFlowable(null, '')).toEqual({});
    expect(ruleOfFlowable({}, '')).toEqual({});
  });

  it('given conditions the runtime cannot judge, when read, then none is applied and the reason is told', () => {
    expect(
      ruleOfFlowable({ leftRestResponseId: 'abc', operator: '==', rightValue: 'x' }, '/v'),
    ).toEqual({ problem: { reason: 'processVariable', path: '/v' } });
    expect(
      ruleOfFlowable({ leftFormFieldId: 'a', operator: 'contains', rightValue: 'x' }, '/v'),
    ).toEqual({
      problem: { reason: 'operator', path: '/v' },
    });
  });
});
