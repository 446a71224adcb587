import { describe, expect, it } from 'vitest';
import { compileForm } from '../compiler';

const BUTTONS = {
  id: 'b',
  type: 'outcomes',
  label: 'Buttons',
  config: {
    outcomes: [
      { key: 'approve', label: 'Approve', type: 'SECTION_SUBMIT' },
      { key: 'reject', label: 'Reject' },
    ],
  },
};

describe('a designer outcomes field', () => {
  it('given a form without outcomes of its own, when compiled, then its buttons are the form outcomes', () => {
    const result = compileForm({ id: 'DSG-x', name: 'X', fields: [BUTTONS] });
    expect(result.form?.outcomes).toEqual([
      { key: 'approve', label: 'Approve', type: 'SECTION_SUBMIT' },
      { key: 'reject', label: 'Reject', type: 'DEFAULT' },
    ]);
  });

  it('given a form that names its own outcomes, when compiled, then those are the form outcomes', () => {
    const result = compileForm({
      id: 'DSG-x',
      name: 'X',
      outcomes: [{ key: 'done', label: 'Done' }],
      fields: [BUTTONS],
    });
    expect(result.form?.outcomes).toEqual([{ key: 'done', label: 'Done', type: 'DEFAULT' }]);
  });
});
