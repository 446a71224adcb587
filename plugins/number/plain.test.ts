import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable number field', () => {
  it('given an integer with a currency in params and bounds as text, when compiled, then its kind, currency and bounds are read', () => {
    const { field, warnings } = compilePlainField({
      type: 'integer',
      minValue: '3',
      maxValue: 10,
      params: { currency: 'EUR' },
    });
    expect(field.type).toBe('number');
    expect(field.valueType).toBe('integer');
    expect(field.config).toEqual({
      params: { currency: 'EUR' },
      numberKind: 'integer',
      currency: 'EUR',
    });
    expect(field.validation).toEqual({ min: 3, max: 10 });
    expect(warnings).toEqual([]);
  });

  it('given amounts with and without fractions, when compiled, then whole amounts take no decimals and the rest two', () => {
    const whole = compilePlainField({ type: 'amount', currency: 'USD', enableFractions: 'false' });
    expect(whole.field.config).toEqual({ numberKind: 'amount', currency: 'USD', decimals: 0 });
    const cents = compilePlainField({ type: 'amount', params: { enableFractions: true } });
    expect(cents.field.config.decimals).toBe(2);
    expect(compilePlainField({ type: 'decimal' }).field.config).toEqual({ numberKind: 'decimal' });
  });

  it('given a bound that is no number and a bad length, when compiled, then each is dropped with a warning, the length first', () => {
    const { field, warnings } = compilePlainField({
      type: 'decimal',
      minLength: 'a',
      maxValue: 'ten',
      params: { minValue: { at: 1 } },
    });
    expect(field.validation).toEqual({});
    expect(warnings).toEqual([
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/minLength',
        params: { limit: 'minLength', value: 'a' },
      },
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/params/minValue',
        params: { limit: 'minValue', value: '{"at":1}' },
      },
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/maxValue',
        params: { limit: 'maxValue', value: 'ten' },
      },
    ]);
  });
});
