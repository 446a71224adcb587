import { describe, expect, it } from 'vitest';
import type { PlainForm } from '../../../../schemas/forms';
import { loadFixture } from './testing/compilerTestKit';
import { parsePlainForm } from '../../../../plugins/compiler';

const fields = (definition: PlainForm) =>
  parsePlainForm(definition).form.sections.flatMap((section) => section.fields);
const summary = (definition: PlainForm) =>
  fields(definition).map((f) => [f.id, f.widths.desktop, f.breakBefore === true]);

describe('parsePlainForm', () => {
  it('given every Flowable type, when parsed, then each maps to its plugin type', () => {
    const types = Object.fromEntries(
      fields(loadFixture('plain-every-type.json') as PlainForm).map((f) => [f.id, f.type]),
    );
    expect(types).toEqual({
      sectionTitle: 'headline-with-line',
      fullName: 'text',
      portalPassword: 'password',
      monthlyIncome: 'number',
      interestRate: 'number',
      dependants: 'number',
      applicationDate: 'date',
      addressNotes: 'multiline',
      hasGuarantor: 'boolean',
      loanPurpose: 'dropdown',
      repaymentFrequency: 'radio',
      assignmentGroup: 'headline',
      loanOfficer: 'people',
      reviewTeam: 'functional-group',
      payslips: 'upload',
      summary: 'expression',
      spacer1: 'spacer',
      policyLink: 'hyperlink',
      divider1: 'horizontal-line',
      closingHeadline: 'headline',
    });
  });

  it('given a two-column container as a column map, when parsed, then fields interleave row by row at 6', () => {
    const form: PlainForm = {
      key: 'k',
      fields: [
        {
          id: 'c',
          type: 'container',
          numberOfColumns: 2,
          fields: {
            '1': [
              { id: 'a', type: 'text', layout: { row: 0, column: 0, colspan: 1 } },
              { id: 'c1', type: 'text', layout: { row: 1, column: 0, colspan: 1 } },
            ],
            '2': [{ id: 'b', type: 'text', layout: { row: 0, column: 1, colspan: 1 } }],
          },
        },
        { id: 'after', type: 'text' },
      ],
    };
    expect(summary(form)).toEqual([
      ['a', 6, true],
      ['b', 6, false],
      ['c1', 6, true],
      ['after', 12, false],
    ]);
  });

  it('given a container as the engine list of rows, when parsed, then colspan 2 spans the row', () => {
    const form: PlainForm = {
      key: 'k',
      fields: [
        {
          id: 'c',
          type: 'container',
          fields: [
            [
              { id: 'a', type: 'text' },
              { id: 'b', type: 'text' },
            ],
            [{ id: 'wide', type: 'text', layout: { row: 1, column: 0, colspan: 2 } }],
          ],
        },
      ],
    };
    expect(summary(form)).toEqual([
      ['a', 6, true],
      ['b', 6, false],
      ['wide', 12, true],
    ]);
  });

  it('given an APS field whose own colspan is 2 and whose layout still says 1, when parsed, then it spans the whole row', () => {
    // APS exports keep the layout of the field as first dropped; its renderer reads `colspan`.
    const form: PlainForm = {
      key: 'k',
      fields: [
        {
          id: 'c',
          type: 'container',
          numberOfColumns: 2,
          fields: {
            '1': [
              { id: 'wide', type: 'text', colspan: 2, layout: { row: -1, column: -1, colspan: 1 } },
              { id: 'left', type: 'text', colspan: 1, layout: { row: -1, column: -1, colspan: 1 } },
            ],
            '2': [
              {
                id: 'beside',
                type: 'text',
                colspan: 1,
                layout: { row: -1, column: -1, colspan: 1 },
              },
              {
                id: 'right',
                type: 'text',
                colspan: 1,
                layout: { row: -1, column: -1, colspan: 1 },
              },
            ],
          },
        },
      ],
    };
    expect(summary(form)).toEqual([
      ['wide', 12, true],
      ['beside', 6, false],
      ['left', 6, true],
      ['right', 6, false],
    ]);
  });

  it('given a field with only a layout colspan, when parsed, then the layout colspan is used', () => {
    const form: PlainForm = {
      key: 'k',
      fields: [
        {
          id: 'c',
          type: 'container',
          numberOfColumns: 2,
          fields: {
            '1': [{ id: 'wide', type: 'text', layout: { row: 0, column: 0, colspan: 2 } }],
          },
        },
      ],
    };
    expect(summary(form)).toEqual([['wide', 12, true]]);
  });

  it('given a three-column container and a flat list, when parsed, then widths are 4 and rows wrap', () => {
    const form: PlainForm = {
      key: 'k',
      fields: [
        {
          id: 'c',
          type: 'container',
          numberOfColumns: 3,
          fields: [1, 2, 3, 4].map((n) => ({ id: `f${n}`, type: 'text' })),
        },
      ],
    };
    expect(summary(form)).toEqual([
      ['f1', 4, true],
      ['f2', 4, false],
      ['f3', 4, false],
      ['f4', 4, true],
    ]);
  });

  it('given a colspan wider than the container, when parsed, then it is clamped with a warning', () => {
    const parsed = parsePlainForm({
      key: 'k',
      fields: [
        {
          id: 'c',
          type: 'container',
          fields: {
            '1': [{ id: 'a', type: 'text', layout: { row: 0, column: 0, colspan: 3 } }],
            '2': [],
          },
        },
      ],
    });
    expect(parsed.form.sections[0]?.fields[0]?.widths.desktop).toBe(12);
    expect(parsed.warnings).toEqual([
      {
        code: 'layout.widthOutOfRange',
        path: '/fields/0/fields/1/0/layout/colspan',
        params: { breakpoint: 'desktop', width: 3, clampedTo: 2, columns: 2 },
      },
    ]);
  });

  it('given a group, when parsed, then its title becomes a headline before its fields', () => {
    const list = fields(loadFixture('plain-every-type.json') as PlainForm);
    const index = list.findIndex((f) => f.id === 'assignmentGroup');
    expect(list[index]).toMatchObject({ type: 'headline', label: 'Assignment', valueType: 'none' });
    expect(list[index + 1]).toMatchObject({
      id: 'loanOfficer',
      widths: { desktop: 6, tablet: 12, phone: 12 },
    });
  });

  it('given a dropdown with hasEmptyValue, when parsed, then the first option is the placeholder', () => {
    const field = fields(loadFixture('plain-every-type.json') as PlainForm).find(
      (f) => f.id === 'loanPurpose',
    );
    expect(field?.placeholder).toBe('Choose a purpose');
    expect(field?.options?.map((o) => o.value)).toEqual(['home', 'car', 'studies', 'other']);
  });

  it('given options with only a name, when parsed, then the name is the value', () => {
    const [field] = fields({
      key: 'k',
      fields: [{ id: 'd', type: 'dropdown', options: [{ name: 'Yes' }, { name: 'No' }] }],
    });
    expect(field?.options).toEqual([
      { value: 'Yes', label: 'Yes' },
      { value: 'No', label: 'No' },
    ]);
  });

  it('given Flowable validation spread over properties, when parsed, then it is normalised', () => {
    const byId = Object.fromEntries(
      fields(loadFixture('plain-every-type.json') as PlainForm).map((f) => [f.id, f]),
    );
    expect(byId.fullName?.validation).toEqual({ minLength: 2, maxLength: 80 });
    expect(byId.monthlyIncome).toMatchObject({
      validation: { min: 0, max: 1000000 },
      config: { numberKind: 'amount', currency: 'EUR', decimals: 2 },
      valueType: 'number',
      required: true,
    });
    expect(byId.dependants?.valueType).toBe('integer');
    expect(byId.addressNotes?.config.maxLength).toBe(500);
    expect(byId.policyLink?.config).toMatchObject({
      url: 'https://intranet.example.com/policies/lending',
      displayText: 'Read the lending policy',
    });
    expect(byId.summary?.config.expression).toBe('${fullName} asks for a ${loanPurpose} loan');
  });

  it('given a modeler export, when parsed, then the body under formDefinition is read', () => {
    const parsed = parsePlainForm(loadFixture('flowable-loan-request.json') as PlainForm);
    expect(parsed.form).toMatchObject({
      id: 'flowable-loan-request',
      kind: 'plain',
      name: 'Loan request review',
      version: 7,
      outcomeVariableName: 'loanRequestOutcome',
    });
    expect(parsed.form.outcomes.map((o) => o.key)).toEqual([
      'Approve',
      'Refer to supervisor',
      'Decline',
    ]);
    expect(parsed.fieldPaths[0]?.[1]).toBe('/formDefinition/fields/1/fields/0/0');
  });

  it('given tabs, when parsed, then each tab is a section holding its fields', () => {
    const parsed = parsePlainForm({
      key: 'k',
      tabs: [
        { id: 'tab1', title: 'Customer' },
        { id: 'tab2', title: 'Loan' },
      ],
      fields: [
        { id: 'a', type: 'text', tab: 'tab2' },
        { id: 'b', type: 'text', tab: 'tab1' },
        { id: 'c', type: 'text' },
      ],
    });
    expect(parsed.form.sections.map((s) => [s.id, s.title, s.fields.map((f) => f.id)])).toEqual([
      ['tab1', 'Customer', ['b', 'c']],
      ['tab2', 'Loan', ['a']],
    ]);
  });

  it('given display fields marked required, when parsed, then they are never required', () => {
    const [field] = fields({ key: 'k', fields: [{ id: 'h', type: 'headline', required: true }] });
    expect(field).toMatchObject({ required: false, valueType: 'none' });
  });
  it('given list defaults as modeler exports write them, when parsed, then the prompt means nothing chosen, a label its value, and a stranger is dropped with a warning', () => {
    const options = [
      { id: 'none', name: 'Please choose one...' },
      { id: 'gold', name: 'Gold' },
      { id: 'silver', name: 'Silver' },
    ];
    const parsed = parsePlainForm({
      key: 'k',
      fields: [
        {
          id: 'prompt',
          type: 'dropdown',
          hasEmptyValue: true,
          options,
          value: 'Please choose one...',
        },
        { id: 'byLabel', type: 'dropdown', hasEmptyValue: true, options, value: 'Silver' },
        { id: 'stranger', type: 'radio-buttons', options, value: 'Platinum' },
        { id: 'byExpression', type: 'dropdown', optionsExpression: '${tiers}' },
      ],
    });
    const defaults = parsed.form.sections[0]?.fields.map((field) => [field.id, field.defaultValue]);
    expect(defaults).toEqual([
      ['prompt', undefined],
      ['byLabel', 'silver'],
      ['stranger', undefined],
      ['byExpression', undefined],
    ]);
    expect(parsed.warnings).toEqual([
      {
        code: 'field.defaultNotAnOption',
        path: '/fields/2/value',
        params: { fieldId: 'stranger', value: 'Platinum' },
      },
      {
        code: 'field.optionsFromExpression',
        path: '/fields/3/optionsExpression',
        params: { fieldId: 'byExpression', expression: '${tiers}' },
      },
    ]);
  });
});
