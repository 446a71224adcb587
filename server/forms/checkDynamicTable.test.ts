import { describe, expect, it } from 'vitest';
import { dynamicTablePlainForm } from '../../plugins/dynamic-table/dynamicTableFixture';
import { checkFormValues } from './checkFormValues';
import { compileStoredForm } from './compileStoredForm';

const part = compileStoredForm(
  {
    tenant: 'internal',
    id: 'expenses',
    kind: 'plain',
    version: 1,
    createdAt: new Date(0),
    definition: dynamicTablePlainForm,
  },
  new Map(),
).parts[0];
if (!part) throw new Error('the test form has no part');

const submit = (submitted: Record<string, unknown>) =>
  checkFormValues({ part, mode: 'submit', submitted, stored: {} });

describe('checkFormValues with a dynamic table', () => {
  it('given a row missing a required cell, when submitted, then the server refuses it naming the row and column', () => {
    expect(submit({ expenses: [{ what: 'Taxi', cost: 12 }, { what: 'Hotel' }] })).toEqual({
      ok: false,
      problems: [
        {
          path: 'expenses',
          code: 'validation.dynamicTable.required',
          params: { row: 2, column: 'Cost', columnId: 'cost' },
        },
      ],
    });
  });

  it('given a dropdown cell that is no choice, when submitted, then the server refuses it', () => {
    const result = submit({ expenses: [{ what: 'Taxi', cost: 12, kind: 'boat' }] });
    expect(result.ok).toBe(false);
  });

  it('given valid rows with unknown keys, when submitted, then the typed rows are stored without them', () => {
    expect(submit({ expenses: [{ what: 'Taxi', cost: '12.5', paid: true, admin: true }] })).toEqual(
      {
        ok: true,
        values: {
          expenses: [
            {
              what: 'Taxi',
              cost: 12.5,
              count: null,
              day: null,
              paid: true,
              kind: null,
              ref: null,
            },
          ],
        },
      },
    );
  });
});
