import { describe, expect, it } from 'vitest';
import type { DesignerForm } from '../../../../schemas/forms';
import { loadFixture } from './testing/compilerTestKit';
import { parseDesignerForm } from '../../../../plugins/compiler';

const loan = () => parseDesignerForm(loadFixture('DSG-loan-application.json') as DesignerForm).form;
const field = (id: string) =>
  loan()
    .sections.flatMap((s) => s.fields)
    .find((f) => f.id === id);

describe('parseDesignerForm', () => {
  it('given sections, when parsed, then they keep their ids, titles and order', () => {
    expect(loan().sections.map((s) => s.id)).toEqual([
      'applicant',
      'loan',
      'affordability',
      'declarations',
    ]);
    expect(loan().sections[0]?.title).toEqual({
      en: 'Applicant',
      es: 'Solicitante',
      fr: 'Demandeur',
    });
  });

  it('given an input field, when parsed, then it is the text plugin with its widths', () => {
    expect(field('firstName')).toMatchObject({
      type: 'text',
      required: true,
      valueType: 'string',
      widths: { desktop: 4, tablet: 6, phone: 12 },
      validation: { maxLength: 60 },
    });
  });

  it('given only a desktop width, when parsed, then tablet doubles it and phone is full', () => {
    const form = parseDesignerForm({
      id: 'DSG-w',
      name: 'W',
      fields: [
        { id: 'a', type: 'input', desktopWidth: 3 },
        { id: 'b', type: 'input', desktopWidth: 8 },
        { id: 'c', type: 'input' },
      ],
    }).form;
    expect(form.sections[0]?.fields.map((f) => f.widths)).toEqual([
      { desktop: 3, tablet: 6, phone: 12 },
      { desktop: 8, tablet: 12, phone: 12 },
      { desktop: 12, tablet: 12, phone: 12 },
    ]);
  });

  it('given formula and message fields, when parsed, then they are read-only computed values', () => {
    expect(field('monthlyInstalment')).toMatchObject({
      type: 'formula',
      readOnly: true,
      required: false,
      valueType: 'number',
      config: { expression: 'ROUND(PMT(annualRate / 100 / 12, termMonths, loanAmount), 2)' },
    });
    expect(field('dtiLimit')).toMatchObject({
      type: 'error-messages',
      readOnly: true,
      valueType: 'boolean',
      config: { kind: 'Error', condition: 'debtToIncome <= 0.45', blockIfFalse: true },
    });
  });

  it('given choice fields, when parsed, then options keep per-locale labels and value types', () => {
    expect(field('employmentStatus')?.options?.[0]).toEqual({
      value: 'employed',
      label: { en: 'Employed', es: 'Asalariado', fr: 'Salarié' },
    });
    expect(field('collateralTypes')?.valueType).toBe('array');
    expect(field('hasExistingLoans')?.valueType).toBe('boolean');
    expect(field('termMonths')).toMatchObject({ valueType: 'integer', defaultValue: 240 });
  });

  it('given a multiline config maxLength, when parsed, then it is also the validation limit', () => {
    expect(field('purpose')?.validation.maxLength).toBe(500);
  });

  it('given datastore links, when parsed, then they are carried over', () => {
    expect(field('customerId')?.datastoreLink).toEqual({
      linkType: 'LOOKUP',
      objectDefinitionKey: 'customers',
      version: 1,
    });
  });

  it('given no form outcomes, when parsed, then the outcomes field supplies them', () => {
    expect(loan().outcomes).toEqual([
      {
        key: 'saveDraft',
        label: { en: 'Save', es: 'Guardar', fr: 'Enregistrer' },
        type: 'ONLY_FORM_SAVE',
      },
      {
        key: 'submitApplication',
        label: { en: 'Submit application', es: 'Enviar solicitud', fr: 'Soumettre la demande' },
        type: 'SECTION_SUBMIT',
      },
    ]);
    expect(loan().outcomeVariableName).toBe('loanApplicationOutcome');
  });

  it('given top-level fields and sections, when parsed, then the fields come first, untitled', () => {
    const form = parseDesignerForm({
      id: 'DSG-mixed',
      name: 'Mixed',
      fields: [{ id: 'a', type: 'input' }],
      sections: [{ title: 'Second', fields: [{ id: 'b', type: 'input', newRow: true }] }],
    }).form;
    expect(form.sections.map((s) => [s.id, s.title])).toEqual([
      ['main', ''],
      ['section-1', 'Second'],
    ]);
    expect(form.sections[1]?.fields[0]?.breakBefore).toBe(true);
  });
});
