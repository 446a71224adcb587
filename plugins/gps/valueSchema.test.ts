import { describe, expect, it } from 'vitest';
import { compileForm, fieldValueSchema } from '../compiler';

describe('a gps value schema', () => {
  it('given a designer gps field, when its value schema is built, then it is a pair of numbers', () => {
    const result = compileForm({
      id: 'DSG-x',
      name: 'X',
      fields: [{ id: 'a', type: 'gps', label: 'A', readOnly: true }],
    });
    const field = result.form?.sections[0]?.fields[0];
    if (!field) throw new Error('not compiled');
    expect(JSON.stringify(fieldValueSchema(field))).toBe(
      JSON.stringify({
        type: 'array',
        items: { type: 'number' },
        minItems: 2,
        maxItems: 2,
        readOnly: true,
      }),
    );
  });
});
