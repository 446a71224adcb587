import { describe, expect, it } from 'vitest';
import { dynamicTablePlainForm } from '../../../../plugins/dynamic-table/dynamicTableFixture';
import { normalizedFormErrors } from './testing/compilerTestKit';
import { compileForm } from '../../../../plugins/compiler';

describe('compiling a Flowable dynamic table', () => {
  it('given a plain form with a dynamic-table, when compiled, then it keeps its type and normalised columns', () => {
    const result = compileForm(dynamicTablePlainForm);
    expect(result.errors).toEqual([]);
    expect(result.warnings.map((warning) => warning.code)).not.toContain('field.unknownType');
    expect(normalizedFormErrors(result.form)).toEqual([]);
    const field = result.form?.sections[0]?.fields[0];
    expect(field?.type).toBe('dynamic-table');
    expect(field?.valueType).toBe('array');
    const columns = field?.config.columns as Record<string, unknown>[];
    expect(columns.map((column) => [column.id, column.label, column.type])).toEqual([
      ['what', 'What', 'String'],
      ['cost', 'Cost', 'Amount'],
      ['count', 'Count', 'Number'],
      ['day', 'Day', 'Date'],
      ['paid', 'Paid', 'Boolean'],
      ['kind', 'Kind', 'Dropdown'],
      ['ref', 'Reference', 'String'],
    ]);
    expect(columns[0]).toEqual({
      id: 'what',
      label: 'What',
      type: 'String',
      required: true,
      editable: true,
      visible: true,
      options: [],
    });
    expect(columns[5]?.options).toEqual([
      { id: 'travel', name: 'Travel' },
      { id: 'food', name: 'Food' },
    ]);
    expect(columns[6]?.visible).toBe(false);
  });

  it('given an APS dropdown column whose options have no id, when compiled, then each option keeps its name as its value', () => {
    const result = compileForm({
      key: 'assets',
      fields: [
        {
          id: 'assets',
          name: 'Assets',
          type: 'dynamic-table',
          columnDefinitions: [
            {
              id: 'kind',
              name: 'Kind',
              type: 'Dropdown',
              options: [
                { id: null, name: 'Car' },
                { id: null, name: 'House' },
                { id: 'boat', name: 'Boat' },
              ],
            },
          ],
        },
      ],
    });
    const columns = result.form?.sections[0]?.fields[0]?.config.columns as Record<
      string,
      unknown
    >[];
    expect(columns[0]?.options).toEqual([
      { id: 'Car', name: 'Car' },
      { id: 'House', name: 'House' },
      { id: 'boat', name: 'Boat' },
    ]);
  });
});
