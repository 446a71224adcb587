/**
 * A Flowable form model with one dynamic table of every column type, shared by the
 * plugin's, the compiler's and the server's tests.
 */
export const dynamicTablePlainForm = {
  key: 'expenses',
  name: 'Expenses',
  fields: [
    {
      id: 'expenses',
      name: 'Expenses',
      type: 'dynamic-table',
      columnDefinitions: [
        { id: 'what', name: 'What', type: 'String', required: true, editable: true, visible: true },
        { id: 'cost', name: 'Cost', type: 'Amount', required: true, editable: true, visible: true },
        { id: 'count', name: 'Count', type: 'Number', required: false },
        { id: 'day', name: 'Day', type: 'Date', required: false },
        { id: 'paid', name: 'Paid', type: 'Boolean' },
        {
          id: 'kind',
          name: 'Kind',
          type: 'Dropdown',
          options: [
            { id: 'travel', name: 'Travel' },
            { id: 'food', name: 'Food' },
          ],
        },
        { id: 'ref', name: 'Reference', type: 'String', required: true, visible: false },
      ],
    },
  ],
};
