import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('an APS display value', () => {
  it('given the value it was exported with, when compiled, then the value is kept in config, not as a default', () => {
    const { field } = compilePlainField({ type: 'readonly', value: 'Ana Ruiz' });
    expect(field.config).toEqual({ value: 'Ana Ruiz' });
    expect(field).not.toHaveProperty('defaultValue');
  });

  it('given no value, when compiled, then the config holds none', () => {
    expect(compilePlainField({ type: 'readonly' }).field.config).toEqual({});
  });
});
