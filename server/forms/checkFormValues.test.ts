import { describe, expect, it } from 'vitest';
import { checkFormValues } from './checkFormValues';
import { compileStoredForm } from './compileStoredForm';

// A Flowable form whose required guarantor name is shown only when the box is ticked.
const part = compileStoredForm(
  {
    tenant: 'internal',
    id: 'guarantor',
    kind: 'plain',
    version: 1,
    createdAt: new Date(0),
    definition: {
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
            operator: '==',
            rightValue: 'true',
            nextConditionOperator: '',
          },
        },
      ],
    },
  },
  new Map(),
).parts[0];
if (!part) throw new Error('the test form has no part');

const submit = (submitted: Record<string, unknown>) =>
  checkFormValues({ part, mode: 'submit', submitted, stored: {} });

describe('checkFormValues with visibility conditions', () => {
  it('given the box unticked and no name, when submitted, then it is accepted', () => {
    expect(submit({ hasGuarantor: false })).toEqual({
      ok: true,
      values: { hasGuarantor: false },
    });
  });

  it('given the box unticked but a name sent anyway, when submitted, then the hidden value is not stored', () => {
    expect(submit({ hasGuarantor: false, guarantorName: 'Mallory' })).toEqual({
      ok: true,
      values: { hasGuarantor: false },
    });
  });

  it('given the box ticked and no name, when submitted, then the shown field is required', () => {
    expect(submit({ hasGuarantor: true })).toEqual({
      ok: false,
      problems: [{ path: 'guarantorName', code: 'validation.required', params: {} }],
    });
    expect(submit({ hasGuarantor: true, guarantorName: 'Ada' })).toEqual({
      ok: true,
      values: { hasGuarantor: true, guarantorName: 'Ada' },
    });
  });
});
