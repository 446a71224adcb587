import { describe, expect, it } from 'vitest';
import { compileForm } from '../compiler';

/** The validation of a designer multiline written with `config` and `validation`. */
function validationOf(config: Record<string, unknown>, validation?: Record<string, unknown>) {
  const result = compileForm({
    id: 'DSG-x',
    name: 'X',
    fields: [{ id: 'a', type: 'multiline', label: 'A', config, ...(validation && { validation }) }],
  });
  const field = result.form?.sections[0]?.fields[0];
  if (!field) throw new Error(`not compiled: ${JSON.stringify(result.errors)}`);
  return field.validation;
}

describe('a designer multiline', () => {
  it('given a counter limit and no validation limit, when compiled, then the counter limit is the validation limit', () => {
    expect(validationOf({ maxLength: 120 })).toEqual({ maxLength: 120 });
  });

  it('given a counter limit below the validation limit, when compiled, then the counter limit applies', () => {
    expect(validationOf({ maxLength: 120 }, { maxLength: 500 })).toEqual({ maxLength: 120 });
  });

  it('given a counter limit above the validation limit, when compiled, then the validation limit stays', () => {
    expect(validationOf({ maxLength: 900 }, { maxLength: 500 })).toEqual({ maxLength: 500 });
  });

  it('given no counter limit, when compiled, then the validation is as written', () => {
    expect(validationOf({ rows: 4 }, { minLength: 2 })).toEqual({ minLength: 2 });
  });
});
