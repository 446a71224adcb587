import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('an APS date-time field', () => {
  it('given bounds with a zone and a display format, when compiled, then the bounds are wall-clock moments and the format is kept', () => {
    const { field, warnings } = compilePlainField({
      type: 'datetime',
      dateDisplayFormat: 'D-M-YYYY hh:mm A',
      minValue: '2020-01-01T10:00:00Z',
      params: { maxValue: '2030-12-31 18:00' },
    });
    expect(field.config).toEqual({
      params: { maxValue: '2030-12-31 18:00' },
      dateDisplayFormat: 'D-M-YYYY hh:mm A',
    });
    expect(field.validation).toEqual({ min: '2020-01-01T10:00', max: '2030-12-31T18:00' });
    expect(warnings).toEqual([]);
  });

  it('given bounds that are no moment and a bad length, when compiled, then each is dropped with a warning, the length first', () => {
    const { field, warnings } = compilePlainField({
      type: 'datetime',
      minLength: 'q',
      maxValue: 'soon',
      params: { minValue: 7 },
    });
    expect(field.validation).toEqual({});
    expect(warnings).toEqual([
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/minLength',
        params: { limit: 'minLength', value: 'q' },
      },
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/params/minValue',
        params: { limit: 'minValue', value: '7' },
      },
      {
        code: 'validation.invalidLimit',
        path: '/fields/0/maxValue',
        params: { limit: 'maxValue', value: 'soon' },
      },
    ]);
  });
});
