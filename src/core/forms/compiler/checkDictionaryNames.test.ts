import { describe, expect, it } from 'vitest';
import type { NormalizedField, NormalizedForm } from '../../../../schemas/forms';
import { fixtureResolver, loadFixture, normalizedFormErrors } from './testing/compilerTestKit';
import { compileForm } from '../../../../plugins/compiler';

const TENANT_DICTIONARIES = ['currencies', 'loanProducts'];

const fieldsOf = (form: NormalizedForm | null): NormalizedField[] =>
  form?.sections.flatMap((section) => section.fields) ?? [];

const designer = (config: object) => ({
  id: 'DSG-test',
  name: 'Test',
  fields: [{ id: 'currency', type: 'dropdown', label: 'Currency', config }],
});

const plain = (params: object) => ({
  key: 'plain-test',
  name: 'Test',
  fields: [{ id: 'product', name: 'Product', type: 'radio-buttons', params }],
});

describe('a one-choice field naming a system dictionary', () => {
  it('given a designer dropdown naming a dictionary of the tenant, when compiled, then it keeps the name, has no choices yet, holds a string, and nothing warns', () => {
    const result = compileForm(designer({ dictionary: 'currencies' }), {
      dictionaries: TENANT_DICTIONARIES,
    });
    expect(result.warnings).toEqual([]);
    const [field] = fieldsOf(result.form);
    expect(field?.config.dictionary).toBe('currencies');
    expect(field?.options).toBeUndefined();
    expect(field?.valueType).toBe('string');
    expect(normalizedFormErrors(result.form)).toEqual([]);
  });

  it('given a name the tenant lacks, when compiled for the author preview, then field.unknownDictionary points at the field', () => {
    const result = compileForm(designer({ dictionary: 'branches' }), {
      dictionaries: TENANT_DICTIONARIES,
    });
    expect(result.form).not.toBeNull();
    expect(result.warnings).toEqual([
      {
        code: 'field.unknownDictionary',
        path: '/fields/0',
        params: { dictionary: 'branches', fieldId: 'currency' },
      },
    ]);
  });

  it('given no list of the tenant’s dictionaries, when compiled, then names are not checked', () => {
    expect(compileForm(designer({ dictionary: 'branches' })).warnings).toEqual([]);
  });

  it('given a designer name that is not a plain name, when compiled, then the config schema refuses it', () => {
    const result = compileForm(designer({ dictionary: 'no spaces allowed' }));
    expect(result.form).toBeNull();
    expect(result.errors.map((error) => [error.code, error.path])).toEqual([
      ['schema.pattern', '/fields/0/config/dictionary'],
    ]);
  });

  it('given a Flowable radio naming a dictionary in params, when compiled, then the name is read from there and checked', () => {
    const known = compileForm(plain({ dictionary: 'loanProducts' }), {
      dictionaries: TENANT_DICTIONARIES,
    });
    expect(known.warnings).toEqual([]);
    const unknown = compileForm(plain({ dictionary: 'products' }), {
      dictionaries: TENANT_DICTIONARIES,
    });
    expect(unknown.warnings.map((warning) => [warning.code, warning.params.dictionary])).toEqual([
      ['field.unknownDictionary', 'products'],
    ]);
  });

  it('given the combined review task and its forms, when compiled with the tenant’s names, then the application’s product list is known', () => {
    const result = compileForm(loadFixture('CUT-loan-review.json'), {
      resolveForm: fixtureResolver,
      dictionaries: TENANT_DICTIONARIES,
    });
    expect(result.warnings.filter((warning) => warning.code === 'field.unknownDictionary')).toEqual(
      [],
    );
    const missing = compileForm(loadFixture('DSG-loan-application.json'), { dictionaries: [] });
    expect(
      missing.warnings
        .filter((warning) => warning.code === 'field.unknownDictionary')
        .map((warning) => warning.params.fieldId),
    ).toEqual(['loanProduct']);
  });
});
