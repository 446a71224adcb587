import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../../../schemas/forms';
import { validateFormValues } from '../validation/validateFormValues';
import { compileForm } from './compileForm';

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
});
