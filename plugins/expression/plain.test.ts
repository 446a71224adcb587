import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable expression field', () => {
  it('given an expression, when compiled, then it is the config expression', () => {
    const { field } = compilePlainField({ type: 'expression', expression: 'Dear ${name}' });
    expect(field.type).toBe('expression');
    expect(field.config).toEqual({ expression: 'Dear ${name}' });
  });

  it('given a readonly-text with its text as value, or with no text, when compiled, then the value or nothing is the expression', () => {
    expect(compilePlainField({ type: 'readonly-text', value: 'Hi ${a}' }).field.config).toEqual({
      expression: 'Hi ${a}',
    });
    expect(compilePlainField({ type: 'readonly-text', value: 3 }).field.config).toEqual({
      expression: '',
    });
  });
});
