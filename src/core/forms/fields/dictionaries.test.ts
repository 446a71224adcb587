import { describe, expect, it } from 'vitest';
import type { SystemDictionary } from '../../../../schemas/api/dictionaries';
import type { NormalizedField } from '../../../../schemas/forms';
import { bindDictionaryOptions, dictionaryNamesOf, dictionarySet, labelOf } from './dictionaries';
import { compileForm, validateFormValues } from '../../../../plugins/compiler';

const CURRENCIES: SystemDictionary = {
  name: 'currencies',
  label: { en: 'Currencies', es: 'Monedas', fr: 'Devises' },
  entries: [
    { code: 'EUR', label: { en: 'Euro', es: 'Euro', fr: 'Euro' }, order: 10, active: true },
    {
      code: 'GBP',
      label: { en: 'Pound sterling', es: 'Libra esterlina', fr: 'Livre sterling' },
      order: 20,
      active: true,
    },
    {
      code: 'DEM',
      label: { en: 'German mark', es: 'Marco alemán', fr: 'Mark allemand' },
      order: 30,
      active: false,
    },
  ],
};

/** A designer form with a required currency from the `currencies` dictionary and a radio. */
function compiledForm() {
  const { form } = compileForm({
    id: 'DSG-test',
    name: 'Test',
    fields: [
      {
        id: 'currency',
        type: 'dropdown',
        label: 'Currency',
        validation: { required: true },
        config: { dictionary: 'currencies' },
      },
      {
        id: 'branch',
        type: 'radio',
        label: 'Branch',
        config: { dictionary: 'branches', inline: true },
      },
    ],
  });
  if (!form) throw new Error('The test form must compile.');
  return form;
}

const fieldsOf = (form: ReturnType<typeof compiledForm>): NormalizedField[] =>
  form.sections.flatMap((section) => section.fields);

describe('binding dictionaries into a form, and the validation of the bound form', () => {
  it('given a compiled form, then it names its dictionaries once each', () => {
    expect(dictionaryNamesOf(compiledForm())).toEqual(['currencies', 'branches']);
  });

  it('given the tenant’s lists, when bound, then a code of an active entry passes, and an unknown, retired or label value is refused with validation.enum, as on both sides', () => {
    const fields = fieldsOf(bindDictionaryOptions(compiledForm(), dictionarySet([CURRENCIES])));
    const check = (currency: unknown) =>
      validateFormValues(fields, { currency }, { mode: 'draft' }).get('currency') ?? [];
    expect(check('GBP')).toEqual([]);
    for (const refused of ['XYZ', 'DEM', 'Pound sterling', 7]) {
      expect(check(refused).map((error) => error.code)).toContain('validation.enum');
    }
  });

  it('given a required dictionary field left empty, when submitted, then validation.required', () => {
    const fields = fieldsOf(bindDictionaryOptions(compiledForm(), dictionarySet([CURRENCIES])));
    expect(validateFormValues(fields, {}, { mode: 'submit' }).get('currency')).toEqual([
      { code: 'validation.required', params: {} },
    ]);
  });

  it('given a form not bound (or a list the tenant lacks), when a value is checked, then every value is refused: nothing unchecked gets through', () => {
    const unbound = fieldsOf(compiledForm());
    expect(
      validateFormValues(unbound, { currency: 'EUR' }, { mode: 'draft' }).get('currency'),
    ).toEqual([{ code: 'validation.enum', params: {} }]);
    const bound = fieldsOf(bindDictionaryOptions(compiledForm(), dictionarySet([CURRENCIES])));
    expect(bound[1]?.options).toEqual([]);
    expect(
      validateFormValues(bound, { branch: 'madrid' }, { mode: 'draft' }).get('branch'),
    ).toEqual([{ code: 'validation.enum', params: {} }]);
  });

  it('given a bound form, then its choices carry every language and the rest of the field is kept', () => {
    const [currency, branch] = fieldsOf(
      bindDictionaryOptions(compiledForm(), dictionarySet([CURRENCIES])),
    );
    expect(currency?.options?.[1]).toEqual({
      value: 'GBP',
      label: { en: 'Pound sterling', es: 'Libra esterlina', fr: 'Livre sterling' },
    });
    expect(currency?.required).toBe(true);
    expect(branch?.config.inline).toBe(true);
  });
});

describe('labelOf', () => {
  it('answers the label in the language, falls back to English, and shows an unknown code as itself', () => {
    expect(labelOf(CURRENCIES, 'GBP', 'es')).toBe('Libra esterlina');
    expect(labelOf(CURRENCIES, 'GBP', 'fr-BE')).toBe('Livre sterling');
    expect(labelOf(CURRENCIES, 'GBP', 'de')).toBe('Pound sterling');
    expect(labelOf(CURRENCIES, 'DEM', 'es')).toBe('Marco alemán');
    expect(labelOf(CURRENCIES, 'XYZ', 'es')).toBe('XYZ');
    expect(labelOf(undefined, 'EUR', 'es')).toBe('EUR');
    expect(labelOf(CURRENCIES, undefined, 'es')).toBe('');
  });
});
