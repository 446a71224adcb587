import { describe, expect, it } from 'vitest';
import { describeFinding } from '../../../forms/preview/describeFinding';
import { i18n } from '../../../i18n/i18n';
import { fixtureResolver, loadFixture } from './testing/compilerTestKit';
import { compileForm } from '../../../../plugins/compiler';

const designer = (fields: object[]) => ({ id: 'DSG-kyc', name: 'KYC', fields });
const cannotBeFilled = (warnings: readonly { code: string }[]) =>
  warnings.filter((warning) => warning.code === 'field.cannotBeFilled');

describe('fields nobody can fill in', () => {
  it('given an input field whose type only shows a value, when compiled, then a warning names the field and its type', () => {
    const result = compileForm(
      designer([
        { id: 'fullName', type: 'input', label: 'Full name' },
        { id: 'address', type: 'object', label: 'Postal address', validation: { required: true } },
      ]),
    );
    expect(result.form).not.toBeNull();
    expect(result.warnings).toEqual([
      {
        code: 'field.cannotBeFilled',
        path: '/fields/1',
        params: { fieldId: 'address', type: 'object' },
      },
    ]);
  });

  it('given the same field marked read-only on purpose, or a type that takes input, then nothing is warned', () => {
    const result = compileForm(
      designer([
        { id: 'storedAddress', type: 'object', label: 'Address on file', readOnly: true },
        { id: 'address', type: 'address', label: 'Postal address' },
        { id: 'phone', type: 'phone', label: 'Phone', config: { defaultCountry: 'ES' } },
        { id: 'nationality', type: 'country', label: 'Nationality' },
        { id: 'total', type: 'formula', label: 'Total', config: { expression: '1 + 1' } },
      ]),
    );
    expect(result.warnings).toEqual([]);
  });

  it('given a combined task naming a form with such a field, then the warning points into that form', () => {
    const result = compileForm(
      { id: 'CUT-kyc', name: 'KYC', forms: [{ ref: 'DSG-kyc' }] },
      {
        resolveForm: () => designer([{ id: 'address', type: 'object', label: 'Postal address' }]),
      },
    );
    expect(cannotBeFilled(result.warnings)).toEqual([
      {
        code: 'field.cannotBeFilled',
        path: '/forms/0/fields/0',
        params: { fieldId: 'address', type: 'object' },
      },
    ]);
  });

  it('given the customer onboarding form, alone and inside the loan review, then it compiles with no warning at all', () => {
    const onboarding = compileForm(loadFixture('DSG-customer-onboarding.json'));
    expect(onboarding.errors).toEqual([]);
    expect(onboarding.warnings).toEqual([]);
    const types = Object.fromEntries(
      (onboarding.form?.sections ?? []).flatMap((section) =>
        section.fields.map((field) => [field.id, field.type]),
      ),
    );
    expect(types).toMatchObject({ address: 'address', phone: 'phone', nationality: 'country' });
    const review = compileForm(loadFixture('CUT-loan-review.json'), {
      resolveForm: fixtureResolver,
    });
    expect(cannotBeFilled(review.warnings)).toEqual([]);
  });

  it('given the onboarding form with its address back as a read-only `object`, then that field, and only it, is warned', () => {
    const written = loadFixture('DSG-customer-onboarding.json') as {
      sections: { fields: { id: string; type: string }[] }[];
    };
    const contact = written.sections.findIndex((section) =>
      section.fields.some((field) => field.id === 'address'),
    );
    const index = written.sections[contact]?.fields.findIndex((field) => field.id === 'address');
    const field = written.sections[contact]?.fields[index ?? -1];
    if (!field) throw new Error('The onboarding form has no address.');
    field.type = 'object';
    expect(compileForm(written).warnings).toEqual([
      {
        code: 'field.cannotBeFilled',
        path: `/sections/${contact}/fields/${index}`,
        params: { fieldId: 'address', type: 'object' },
      },
    ]);
  });

  it('given a dropdown and a radio group with no choice, when compiled, then each is warned; with options, a dictionary or read-only, nothing is', () => {
    const result = compileForm(
      designer([
        { id: 'product', type: 'dropdown', label: 'Product' },
        { id: 'channel', type: 'radio', label: 'Channel', options: [] },
        {
          id: 'term',
          type: 'dropdown',
          label: 'Term',
          options: [{ value: '12', name: '12 months' }],
        },
        { id: 'country', type: 'dropdown', label: 'Country', config: { dictionary: 'countries' } },
        { id: 'legacy', type: 'radio', label: 'Legacy', readOnly: true },
      ]),
    );
    expect(result.warnings.filter((warning) => warning.code === 'field.noChoices')).toEqual([
      { code: 'field.noChoices', path: '/fields/0', params: { fieldId: 'product' } },
      { code: 'field.noChoices', path: '/fields/1', params: { fieldId: 'channel' } },
    ]);
  });

  it('given the warning, then the author reads it in English, Spanish and French, naming the field', () => {
    const [warning] = compileForm(
      designer([{ id: 'homeAddress', type: 'object', label: 'Home' }]),
    ).warnings;
    if (!warning) throw new Error('no warning');
    const texts = ['en', 'es', 'fr'].map((language) =>
      describeFinding(warning, i18n.getFixedT(language) as never),
    );
    for (const text of texts) {
      expect(text).toContain('homeAddress');
      expect(text).toContain('object');
    }
    expect(texts[0]).toMatch(/^“homeAddress” cannot be filled in/);
    expect(texts[1]).toMatch(/^«homeAddress» no se puede rellenar/);
    expect(texts[2]).toMatch(/^« homeAddress » ne peut pas être rempli/);
  });
});
