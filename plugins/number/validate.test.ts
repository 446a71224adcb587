import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { decimalsOf, validateNumber } from './validate';

// APS writes `enableFractions` in `params` or at the top level of an amount field.
const amount = (written: Record<string, unknown>) =>
  compiled({ key: 'aps-amount', fields: [{ id: 'price', type: 'amount', ...written }] }).sections[0]
    ?.fields[0] as NormalizedField;

describe('number rules for APS amounts', () => {
  it.each([
    ['params', { params: { enableFractions: false } }],
    ['the top level', { enableFractions: false }],
  ])(
    'given an amount without fractions in %s, when a value with cents is checked, then a whole number is asked for',
    (_where, written) => {
      const field = amount(written);
      expect(decimalsOf(field)).toBe(0);
      expect(validateNumber(12.5, field)).toEqual([{ code: 'validation.integer', params: {} }]);
      expect(validateNumber(12, field)).toEqual([]);
    },
  );

  it.each([
    ['params', { params: { enableFractions: true } }],
    ['the top level', { enableFractions: true }],
    ['nowhere', {}],
  ])(
    'given an amount with fractions in %s, when cents are checked, then two decimals pass and three do not',
    (_where, written) => {
      const field = amount(written);
      expect(validateNumber(12.5, field)).toEqual([]);
      expect(validateNumber(12.345, field)).toEqual([
        { code: 'validation.decimals', params: { limit: 2 } },
      ]);
    },
  );

  it('given a currency at the top level or in params, when compiled, then the amount shows it', () => {
    expect(amount({ currency: 'GBP' }).config.currency).toBe('GBP');
    expect(amount({ params: { currency: 'CHF' } }).config.currency).toBe('CHF');
  });
});
