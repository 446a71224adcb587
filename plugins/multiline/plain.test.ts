import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable multi-line text field', () => {
  it('given a maxLength written as text, when compiled, then it is the config limit and the validation limit', () => {
    const { field, warnings } = compilePlainField({ type: 'multi-line-text', maxLength: '40' });
    expect(field.type).toBe('multiline');
    expect(field.config).toEqual({ maxLength: 40 });
    expect(field.validation).toEqual({ maxLength: 40 });
    expect(warnings).toEqual([]);
  });

  it('given a maxLength of 0 or a fraction in params, when compiled, then no config limit is kept', () => {
    expect(
      compilePlainField({ type: 'multi-line-text', params: { maxLength: 0 } }).field.config,
    ).toEqual({ params: { maxLength: 0 } });
    const fraction = compilePlainField({ type: 'multi-line-text', params: { maxLength: 4.5 } });
    expect(fraction.field.config).not.toHaveProperty('maxLength');
    expect(fraction.warnings.map((warning) => warning.path)).toEqual([
      '/fields/0/params/maxLength',
    ]);
  });
});
