import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../../schemas/forms';
import { compileForm, validateFormValues } from '../../../../plugins/compiler';

// A designer form of the fields given, compiled as the task page and the server do.
function fieldsOf(fields: object[]): NormalizedField[] {
  const result = compileForm({ id: 'DSG-check', name: 'Check', fields });
  if (!result.form) throw new Error(JSON.stringify(result.errors));
  return result.form.sections.flatMap((section) => section.fields);
}

const codesOf = (errors: ReadonlyMap<string, readonly { code: string }[]>) =>
  Object.fromEntries([...errors].map(([id, list]) => [id, list.map((error) => error.code)]));

describe('validateFormValues', () => {
  const fields = fieldsOf([
    { id: 'name', type: 'input', validation: { required: true, maxLength: 5 } },
    { id: 'amount', type: 'number', validation: { min: 10 } },
    { id: 'address', type: 'object', validation: { required: true } },
    { id: 'consent', type: 'boolean', validation: { required: true } },
    { id: 'note', type: 'multiline', readOnly: true, validation: { required: true } },
    {
      id: 'stop',
      type: 'error-messages',
      config: { kind: 'Error', message: 'No', condition: 'amount > 0', blockIfFalse: true },
    },
  ]);

  it('given empty values on submit, then each required input is required, an empty object too', () => {
    expect(codesOf(validateFormValues(fields, { address: {}, consent: false }))).toEqual({
      name: ['validation.required'],
      address: ['validation.required'],
      consent: ['validation.required'],
    });
  });

  it('given the same values as a draft, then nothing is required but the shapes still count', () => {
    expect(
      codesOf(validateFormValues(fields, { amount: 'lots', stop: false }, { mode: 'draft' })),
    ).toEqual({ amount: ['validation.number'] });
  });

  it('given values that break the rules, then the plugin and schema codes come once each', () => {
    const errors = validateFormValues(fields, {
      name: 'Marie Curie',
      amount: '5',
      address: { street: 'Rue' },
      consent: true,
      note: '',
      stop: false,
    });
    expect(codesOf(errors)).toEqual({
      name: ['validation.maxLength'],
      amount: ['validation.minimum'],
      stop: ['validation.messageBlocks'],
    });
    expect(errors.get('name')?.[0]).toEqual({
      code: 'validation.maxLength',
      params: { limit: 5, actual: 11 },
    });
  });
});
