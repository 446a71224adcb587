import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { ajvProblemsByField } from './ajvProblems';

const ajv = new Ajv({ allErrors: true, strict: false });

function problems(schema: object, data: Record<string, unknown>) {
  const validate = ajv.compile(schema);
  validate(data);
  return Object.fromEntries(ajvProblemsByField(validate.errors ?? [], data));
}

describe('ajvProblemsByField', () => {
  it('given missing, too long and out-of-range values, when mapped, then each field gets the client’s code with its params', () => {
    const schema = {
      type: 'object',
      properties: {
        name: { type: 'string', maxLength: 3 },
        amount: { type: 'number', minimum: 10 },
        'a/b': { type: 'string', pattern: '^x$' },
      },
      required: ['consent'],
    };
    expect(problems(schema, { name: 'Zoë Y', amount: 5, 'a/b': 'y' })).toEqual({
      consent: [{ code: 'validation.required', params: {} }],
      name: [{ code: 'validation.maxLength', params: { limit: 3, actual: 5 } }],
      amount: [{ code: 'validation.minimum', params: { limit: 10 } }],
      'a/b': [{ code: 'validation.pattern', params: {} }],
    });
  });

  it('given a value of the wrong type, when mapped, then only the type error is kept for it', () => {
    const schema = {
      type: 'object',
      properties: { tags: { type: 'array', items: { enum: ['a'] }, maxItems: 1 } },
    };
    expect(problems(schema, { tags: 'a' })).toEqual({
      tags: [{ code: 'validation.type', params: { expected: 'array' } }],
    });
    expect(problems(schema, { tags: ['b', 'c'] })).toEqual({
      tags: [
        { code: 'validation.maxItems', params: { limit: 1 } },
        { code: 'validation.enum', params: {} },
      ],
    });
  });
});
