import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable typeahead', () => {
  it('given a REST source at the top level and in params, when compiled, then the settings are kept, the top level first, and the URL is warned about where it was written', () => {
    const { field, warnings } = compilePlainField({
      type: 'typeahead',
      restUrl: 'https://branches.example/api',
      params: { restResponsePath: 'data', restIdProperty: '', restUrl: 'https://other.example' },
    });
    expect(field.config).toMatchObject({
      restUrl: 'https://branches.example/api',
      restResponsePath: 'data',
    });
    expect(field.config).not.toHaveProperty('restIdProperty');
    expect(warnings).toEqual([
      {
        code: 'typeahead.restSourceNotConfigured',
        path: '/fields/0/restUrl',
        params: { fieldId: 'f', url: 'https://branches.example/api' },
      },
    ]);
  });

  it('given a REST URL in params only, when compiled, then the warning points into params', () => {
    const { warnings } = compilePlainField({
      type: 'typeahead',
      params: { restUrl: 'https://x.example' },
    });
    expect(warnings.map((warning) => warning.path)).toEqual(['/fields/0/params/restUrl']);
  });

  it('given choices from an expression, when compiled, then the typeahead does not read it', () => {
    const { field, warnings } = compilePlainField({
      type: 'typeahead',
      optionsExpression: '${branches}',
      options: [{ id: 'north', name: 'North' }],
    });
    expect(field.config).toEqual({});
    expect(warnings).toEqual([]);
  });
});
