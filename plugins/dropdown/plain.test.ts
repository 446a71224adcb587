import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable drop-down list', () => {
  it('given choices from an expression, when compiled, then the expression is kept and the author is warned', () => {
    const { field, warnings } = compilePlainField({
      type: 'dropdown',
      optionsExpression: '${branches}',
      options: [{ id: 'north', name: 'North' }],
    });
    expect(field.type).toBe('dropdown');
    expect(field.config).toEqual({ optionsExpression: '${branches}' });
    expect(warnings).toEqual([
      {
        code: 'field.optionsFromExpression',
        path: '/fields/0/optionsExpression',
        params: { fieldId: 'f', expression: '${branches}' },
      },
    ]);
  });

  it('given written choices only, when compiled, then nothing is added to config', () => {
    const { field, warnings } = compilePlainField({
      type: 'dropdown',
      options: [{ id: 'north', name: 'North' }],
    });
    expect(field.config).toEqual({});
    expect(warnings).toEqual([]);
  });
});
