import { describe, expect, it } from 'vitest';
import { compilePlainField } from '../../src/core/forms/compiler/testing/compilerTestKit';

describe('a Flowable dynamic table', () => {
  it('given column definitions, some without an id, when compiled, then the typed columns are in config', () => {
    const { field } = compilePlainField({
      type: 'dynamic-table',
      columnDefinitions: [
        null,
        { id: '' },
        {
          id: 'kind',
          name: 'Kind',
          type: 'Dropdown',
          required: true,
          editable: false,
          visible: false,
          options: [
            { id: null, name: 'Car' },
            { id: 'home', name: 'Home' },
          ],
        },
        { id: 'amount', type: 'Amount' },
      ],
    });
    expect(field.config).toEqual({
      columns: [
        {
          id: 'kind',
          label: 'Kind',
          type: 'Dropdown',
          required: true,
          editable: false,
          visible: false,
          options: [
            { id: 'Car', name: 'Car' },
            { id: 'home', name: 'Home' },
          ],
        },
        {
          id: 'amount',
          label: 'amount',
          type: 'Amount',
          required: false,
          editable: true,
          visible: true,
          options: [],
        },
      ],
    });
  });

  it('given no column definitions, when compiled, then the table has no columns', () => {
    expect(compilePlainField({ type: 'dynamic-table' }).field.config).toEqual({ columns: [] });
  });
});
