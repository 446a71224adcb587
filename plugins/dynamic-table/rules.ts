import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { dynamicTableFromPlain } from './plain';
import { COLUMN_TYPES, type TableValue } from './columns';
import { sampleTable, sanitizeTable, validateTable } from './validate';

/**
 * A table the user fills in row by row (Alfresco / Flowable `dynamic-table`): typed columns
 * from the definition, rows added and removed at will. The value is the list of rows, each
 * an object by column id.
 */
export default defineFieldRules<TableValue, 'dynamic-table'>({
  type: 'dynamic-table',
  valueType: 'array',
  emptyValue: [],
  sanitize: sanitizeTable,
  isEmpty: (value) => value.length === 0,
  validate: validateTable,
  sampleValue: sampleTable,
  plainAliases: ['dynamic-table'],
  fromPlain: dynamicTableFromPlain,
  designerConfig: {
    type: 'object',
    properties: {
      columns: {
        type: 'array',
        items: {
          type: 'object',
          required: ['id', 'type'],
          properties: {
            id: { type: 'string', minLength: 1 },
            label: { type: 'string' },
            type: { type: 'string', enum: [...COLUMN_TYPES] },
            required: { type: 'boolean' },
            editable: { type: 'boolean' },
            visible: { type: 'boolean' },
            options: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id'],
                properties: { id: { type: 'string', minLength: 1 }, name: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
});
