import { orderProperties } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it } from 'vitest';
import type { NormalizedForm } from '../../../../schemas/forms';
import { compileForm } from './compileForm';
import { fixtureResolver, loadFixture } from './compilerTestKit';
import { toRjsf } from './toRjsf';

const compiled = (name: string): NormalizedForm => {
  const form = compileForm(loadFixture(name), { resolveForm: fixtureResolver }).form;
  if (!form) throw new Error(`fixture ${name} did not compile`);
  return form;
};

describe('toRjsf', () => {
  it('given the loan application in Spanish, when emitted, then titles and options are Spanish', () => {
    const { schema } = toRjsf(compiled('DSG-loan-application.json'), { locale: 'es' });
    expect(schema.title).toBe('Solicitud de préstamo');
    expect(schema.properties?.firstName).toMatchObject({
      type: 'string',
      title: 'Nombre',
      maxLength: 60,
    });
    expect(schema.properties?.employmentStatus).toMatchObject({
      type: 'string',
      oneOf: expect.arrayContaining([{ const: 'employed', title: 'Asalariado' }]),
    });
  });

  it('given value rules, when emitted, then they become draft-07 keywords', () => {
    const { schema } = toRjsf(compiled('DSG-loan-application.json'), { locale: 'en' });
    const props = schema.properties ?? {};
    expect(props.loanAmount).toMatchObject({ type: 'number', minimum: 1000, maximum: 2000000 });
    expect(props.termMonths).toMatchObject({
      type: 'integer',
      minimum: 6,
      maximum: 480,
      default: 240,
    });
    expect(props.customerId).toMatchObject({ pattern: '^CUS-[0-9]{6}$' });
    expect(props.dateOfBirth).toMatchObject({ type: 'string', format: 'date' });
    expect(props.monthlyInstalment).toMatchObject({ type: 'number', readOnly: true });
    expect(props.collateralTypes).toMatchObject({
      type: 'array',
      uniqueItems: true,
      items: {
        type: 'string',
        oneOf: expect.arrayContaining([{ const: 'vehicle', title: 'Vehicle' }]),
      },
    });
    expect(props.dtiLimit).toMatchObject({ type: 'boolean', readOnly: true });
    expect(props.applicationOutcomes).toEqual({ type: 'null', title: 'Actions' });
  });

  it('given required fields, when emitted, then only value fields the user fills are required', () => {
    const { schema } = toRjsf(compiled('DSG-loan-application.json'), { locale: 'en' });
    expect(schema.required).toEqual([
      'firstName',
      'lastName',
      'dateOfBirth',
      'customerId',
      'employmentStatus',
      'loanProduct',
      'loanAmount',
      'termMonths',
      'annualRate',
      'monthlyIncome',
      'consentCreditCheck',
    ]);
  });

  it('given every field, when emitted, then its widget is the plugin type and the order is the form order', () => {
    const form = compiled('plain-every-type.json');
    const { schema, uiSchema } = toRjsf(form, { locale: 'en' });
    const ids = form.sections.flatMap((s) => s.fields.map((f) => f.id));
    expect(uiSchema['ui:order']).toEqual(ids);
    for (const section of form.sections) {
      for (const field of section.fields)
        expect(uiSchema[field.id]?.['ui:widget']).toBe(field.type);
    }
    // rjsf throws when the order names a property the schema lacks, or misses one.
    expect(
      orderProperties(Object.keys(schema.properties ?? {}), uiSchema['ui:order'] as string[]),
    ).toEqual(ids);
  });

  it('given UI details, when emitted, then placeholders, read-only, config and widths are in the uiSchema', () => {
    const { uiSchema } = toRjsf(compiled('DSG-loan-application.json'), { locale: 'fr' });
    expect(uiSchema.loanProduct).toMatchObject({
      'ui:widget': 'dropdown',
      'ui:placeholder': 'Choisissez un produit',
      'ui:options': {
        pluginType: 'dropdown',
        valueType: 'string',
        sectionId: 'loan',
        widths: { desktop: 4, tablet: 6, phone: 12 },
        datastoreLink: { linkType: 'LOOKUP', objectDefinitionKey: 'loans', version: 2 },
      },
    });
    expect(uiSchema.dtiLimit).toMatchObject({
      'ui:readonly': true,
      'ui:options': {
        kind: 'Error',
        message: "Le taux d'endettement dépasse 45 %. La demande ne peut pas être soumise.",
        blockIfFalse: true,
      },
    });
    expect(uiSchema.applicationOutcomes?.['ui:options']).toMatchObject({
      outcomes: [
        { key: 'saveDraft', label: 'Enregistrer', type: 'ONLY_FORM_SAVE' },
        { key: 'submitApplication', label: 'Soumettre la demande', type: 'SECTION_SUBMIT' },
      ],
    });
    expect(uiSchema.dateOfBirth?.['ui:options']).toMatchObject({
      minDate: '1900-01-01',
      maxDate: '2007-12-31',
    });
    expect(uiSchema['ui:options']).toMatchObject({
      sections: expect.arrayContaining([
        { id: 'loan', title: 'Prêt', fieldIds: expect.arrayContaining(['loanAmount']) },
      ]),
    });
  });

  it('given a locale missing from a label, when emitted, then English is used', () => {
    const form = compileForm({
      id: 'DSG-partial',
      name: { en: 'Partial', fr: 'Partiel' },
      fields: [{ id: 'a', type: 'input', label: { en: 'Only English' } }],
    }).form as NormalizedForm;
    const { schema } = toRjsf(form, { locale: 'es' });
    expect(schema.title).toBe('Partial');
    expect(schema.properties?.a).toMatchObject({ title: 'Only English' });
  });

  it('given form data, when rjsf validates it with the emitted schema, then rules are applied', () => {
    const { schema } = toRjsf(compiled('flowable-loan-request.json'), { locale: 'en' });
    const good = {
      requestedAmount: 12000,
      termMonths: 48,
      riskBand: 'B',
      incomeVerified: true,
      decisionDate: '2025-03-14',
      customerId: 'CUS-123456',
    };
    expect(validator.validateFormData(good, schema).errors).toEqual([]);
    const bad = { ...good, requestedAmount: 100, riskBand: 'Z', customerId: 'X' };
    const errors = validator.validateFormData(bad, schema).errors.map((e) => e.property);
    expect(errors).toEqual(
      expect.arrayContaining(['.requestedAmount', '.riskBand', '.customerId']),
    );
  });
});
