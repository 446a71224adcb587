import { describe, expect, it } from 'vitest';
import { compileForm, fieldValueSchema } from '../compiler';

describe('a date value schema', () => {
  it('given a designer date field, when its value schema is built, then it is a string of format date', () => {
    const result = compileForm({
      id: 'DSG-x',
      name: 'X',
      fields: [{ id: 'a', type: 'date', label: 'A', validation: { maxLength: 10 } }],
    });
    const field = result.form?.sections[0]?.fields[0];
    if (!field) throw new Error('not compiled');
    expect(JSON.stringify(fieldValueSchema(field, { nullable: true }))).toBe(
      JSON.stringify({ type: ['string', 'null'], format: 'date', maxLength: 10 }),
    );
  });
});
