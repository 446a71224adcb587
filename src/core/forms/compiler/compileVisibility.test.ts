import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../../schemas/forms';
import { compileForm, validateFormValues } from '../../../../plugins/compiler';

// A Flowable form as its modeler writes a conditional field: the guarantor's name is
// required, and shown only when the "has a guarantor" box is ticked.
const flowableForm = {
  key: 'guarantor',
  fields: [
    { id: 'hasGuarantor', name: 'Has a guarantor', type: 'boolean' },
    {
      id: 'guarantorName',
      name: 'Guarantor',
      type: 'text',
      required: true,
      visibilityCondition: {
        leftFormFieldId: 'hasGuarantor',
        leftRestResponseId: '',
        operator: '==',
        rightValue: 'true',
        rightType: null,
        rightFormFieldId: '',
        rightRestResponseId: '',
        nextConditionOperator: '',
        nextCondition: null,
      },
    },
  ],
};

// The same in the designer's format, with the condition on a section.
const designerForm = {
  id: 'DSG-guarantor',
  name: 'Guarantor',
  fields: [{ id: 'hasGuarantor', type: 'checkbox', label: 'Has a guarantor' }],
  sections: [
    {
      id: 'guarantor',
      visibleWhen: { field: 'hasGuarantor', op: 'equals', value: true },
      fields: [
        { id: 'guarantorName', type: 'input', label: 'Guarantor', validation: { required: true } },
      ],
    },
  ],
};

const fieldsOf = (definition: unknown): NormalizedField[] => {
  const result = compileForm(definition);
  expect(result.errors).toEqual([]);
  return result.form?.sections.flatMap((section) => section.fields) ?? [];
};

const requiredErrors = (fields: NormalizedField[], values: Record<string, unknown>) =>
  [...validateFormValues(fields, values)].map(([fieldId, errors]) => [
    fieldId,
    errors.map((error) => error.code),
  ]);

describe('compiled visibility conditions', () => {
  for (const [format, definition] of [
    ['Flowable visibilityCondition', flowableForm],
    ['designer section visibleWhen', designerForm],
  ] as const) {
    it(`given a ${format}, when the box is unticked, then the required field is neither required nor checked; ticked, it is`, () => {
      const fields = fieldsOf(definition);
      expect(requiredErrors(fields, { hasGuarantor: false })).toEqual([]);
      expect(requiredErrors(fields, {})).toEqual([]);
      expect(requiredErrors(fields, { hasGuarantor: true })).toEqual([
        ['guarantorName', ['validation.required']],
      ]);
      expect(requiredErrors(fields, { hasGuarantor: true, guarantorName: 'Ada' })).toEqual([]);
    });
  }

  it('given a condition on a field the form does not have, when compiled, then the preview is told which', () => {
    const result = compileForm({
      ...designerForm,
      sections: [
        {
          ...designerForm.sections[0],
          visibleWhen: { any: [{ field: 'hasCosigner', op: 'equals', value: true }] },
        },
      ],
    });
    expect(result.warnings).toContainEqual({
      code: 'visibility.unknownField',
      path: '/sections/0/fields/0',
      params: { fieldId: 'guarantorName', reference: 'hasCosigner' },
    });
  });

  it('given a Flowable condition on a process variable, when compiled, then it is not applied and the reason is a warning', () => {
    const result = compileForm({
      key: 'k',
      fields: [
        {
          id: 'a',
          type: 'text',
          required: true,
          visibilityCondition: { leftRestResponseId: 'r1', operator: '==', rightValue: 'x' },
        },
      ],
    });
    expect(result.form?.sections[0]?.fields[0]?.visibleWhen).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        code: 'visibility.notApplied',
        path: '/fields/0/visibilityCondition',
        params: { reason: 'processVariable' },
      },
    ]);
  });

  // An APS export: a group and a two-column container shown only when a box is ticked.
  const condition = (field: string, rightValue: unknown) => ({
    leftFormFieldId: field,
    operator: '==',
    rightValue,
    rightType: null,
    nextConditionOperator: '',
    nextCondition: null,
  });
  const apsForm = {
    key: 'aps-groups',
    editorJson: {
      fields: [
        { id: 'hasGuarantor', name: 'Has a guarantor', type: 'boolean' },
        { id: 'hasCollateral', name: 'Has collateral', type: 'boolean' },
        {
          id: 'guarantorGroup',
          name: 'Guarantor',
          type: 'group',
          visibilityCondition: condition('hasGuarantor', true),
          numberOfColumns: 2,
          fields: {
            '1': [{ id: 'guarantorName', name: 'Name', type: 'text', required: true }],
            '2': [
              {
                id: 'collateralValue',
                name: 'Collateral value',
                type: 'amount',
                required: true,
                visibilityCondition: condition('hasCollateral', true),
              },
            ],
          },
        },
        {
          id: 'box',
          type: 'container',
          visibilityCondition: condition('hasGuarantor', true),
          fields: { '1': [{ id: 'guarantorPhone', name: 'Phone', type: 'text', required: true }] },
        },
      ],
    },
  };

  it("given an APS group and container with a visibility condition, when compiled, then the title and every field in them carry it, with a field's own on top", () => {
    const result = compileForm(apsForm);
    expect(result.warnings).toEqual([]);
    const rules = Object.fromEntries(
      (result.form?.sections[0]?.fields ?? []).map((field) => [field.id, field.visibleWhen]),
    );
    const guarantor = { field: 'hasGuarantor', op: 'equals', value: true };
    const collateral = { field: 'hasCollateral', op: 'equals', value: true };
    expect(rules).toEqual({
      hasGuarantor: undefined,
      hasCollateral: undefined,
      guarantorGroup: { any: [{ all: [guarantor] }] },
      guarantorName: { any: [{ all: [guarantor] }] },
      collateralValue: { any: [{ all: [guarantor, collateral] }] },
      guarantorPhone: { any: [{ all: [guarantor] }] },
    });
  });

  it('given an APS group hidden by its condition, when the values are checked, then its required fields are not asked for', () => {
    const fields = fieldsOf(apsForm);
    expect(requiredErrors(fields, { hasGuarantor: false, hasCollateral: true })).toEqual([]);
    expect(requiredErrors(fields, { hasGuarantor: true, hasCollateral: false })).toEqual([
      ['guarantorName', ['validation.required']],
      ['guarantorPhone', ['validation.required']],
    ]);
  });

  it('given a group condition on a process variable, when compiled, then the group stays shown and the reason is a warning', () => {
    const result = compileForm({
      key: 'k',
      fields: [
        {
          id: 'g',
          type: 'container',
          visibilityCondition: { leftRestResponseId: 'r1', operator: '==', rightValue: 'x' },
          fields: { '1': [{ id: 'a', type: 'text' }] },
        },
      ],
    });
    expect(result.form?.sections[0]?.fields[0]?.visibleWhen).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        code: 'visibility.notApplied',
        path: '/fields/0/visibilityCondition',
        params: { reason: 'processVariable' },
      },
    ]);
  });

  it('given an APS tab shown only when a box is ticked, when compiled and checked, then every field on it carries the condition and its required fields are asked for only then', () => {
    const tabbed = {
      key: 'aps-tabs',
      editorJson: {
        tabs: [
          { id: 'main', title: 'Request' },
          {
            id: 'counter',
            title: 'Counter-intelligence',
            visibilityCondition: condition('sensitive', true),
          },
        ],
        fields: [
          { id: 'sensitive', name: 'Sensitive', type: 'boolean', tab: 'main' },
          { id: 'source', name: 'Source', type: 'text', required: true, tab: 'counter' },
        ],
      },
    };
    const result = compileForm(tabbed);
    expect(result.warnings).toEqual([]);
    const fields = fieldsOf(tabbed);
    const sensitive = { any: [{ all: [{ field: 'sensitive', op: 'equals', value: true }] }] };
    expect(fields.map((field) => [field.id, field.visibleWhen])).toEqual([
      ['sensitive', undefined],
      ['source', sensitive],
    ]);
    expect(requiredErrors(fields, { sensitive: false })).toEqual([]);
    expect(requiredErrors(fields, { sensitive: true })).toEqual([
      ['source', ['validation.required']],
    ]);
  });

  it('given a tab condition on a process variable, when compiled, then the tab stays shown and the reason is a warning at the tab', () => {
    const result = compileForm({
      key: 'k',
      tabs: [
        {
          id: 't',
          title: 'T',
          visibilityCondition: { leftRestResponseId: 'r1', operator: '==', rightValue: 'x' },
        },
      ],
      fields: [{ id: 'a', type: 'text', tab: 't' }],
    });
    expect(result.form?.sections[0]?.fields[0]?.visibleWhen).toBeUndefined();
    expect(result.warnings).toEqual([
      {
        code: 'visibility.notApplied',
        path: '/tabs/0/visibilityCondition',
        params: { reason: 'processVariable' },
      },
    ]);
  });

  it('given nested containers whose "or" conditions multiply past the limit, when compiled, then the inner ones are not applied and the form stays small', () => {
    const either = {
      ...condition('a', 1),
      nextConditionOperator: 'or',
      nextCondition: {
        ...condition('b', 1),
        nextConditionOperator: 'or',
        nextCondition: condition('c', 1),
      },
    };
    let field: Record<string, unknown> = { id: 'leaf', type: 'text' };
    for (let depth = 0; depth < 20; depth += 1) {
      field = { id: `c${depth}`, type: 'container', visibilityCondition: either, fields: [field] };
    }
    const result = compileForm({ key: 'k', fields: [field] });
    const leaf = result.form?.sections[0]?.fields.find((f) => f.id === 'leaf');
    expect(leaf?.visibleWhen?.any.length).toBeLessThanOrEqual(64);
    expect(result.warnings.map((warning) => warning.params.reason)).toContain('tooComplex');
  });
});
