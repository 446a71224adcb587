import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable date field', () => {
  it('given a display format and bounds at the top level and in params, when compiled, then they are kept as written', () => {
    const { field, warnings } = compilePlainField({
      type: 'date',
      dateDisplayFormat: 'D-M-YYYY',
      minValue: '2020-01-01',
      params: { maxValue: '2030-12-31' },
    });
    expect(field.config).toEqual({
      params: { maxValue: '2030-12-31' },
      dateDisplayFormat: 'D-M-YYYY',
    });
    expect(field.validation).toEqual({ min: '2020-01-01', max: '2030-12-31' });
    expect(warnings).toEqual([]);
  });

  it('given an empty bound and a bound that is no text, when compiled, then neither is applied', () => {
    const { field, warnings } = compilePlainField({ type: 'date', minValue: '', maxValue: 5 });
    expect(field.validation).toEqual({});
    expect(warnings).toEqual([]);
  });
});
