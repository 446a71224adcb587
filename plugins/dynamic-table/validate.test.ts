import { describe, expect, it } from 'vitest';
import type { NormalizedField } from '../../schemas/forms';
import { compiled } from '../../src/forms/runtime/runtimeTestKit';
import { dynamicTablePlainForm } from './dynamicTableFixture';
import rules from './rules';

const field = compiled(dynamicTablePlainForm).sections[0]?.fields[0] as NormalizedField;

const check = (raw: unknown) => rules.validate(rules.sanitize(raw, field), field);

describe('dynamic-table rules', () => {
  it('given rows with unknown keys and numeric text, when sanitised, then cells are typed and unknown keys dropped', () => {
    expect(
      rules.sanitize(
        [
          {
            what: 'Taxi',
            cost: ' 12.50 ',
            count: 3,
            day: '2026-11-24T08:00:00Z',
            paid: 'true',
            kind: { id: 'travel', name: 'Travel' },
            injected: '<script>',
          },
          'not a row',
        ],
        field,
      ),
    ).toEqual([
      {
        what: 'Taxi',
        cost: 12.5,
        count: 3,
        day: '2026-11-24',
        paid: true,
        kind: 'travel',
        ref: null,
      },
    ]);
    expect(rules.sanitize('text', field)).toEqual([]);
  });

  it('given no rows, then the table is empty; given one blank row, then it is not', () => {
    expect(rules.isEmpty(rules.sanitize([], field))).toBe(true);
    expect(rules.isEmpty(rules.sanitize(undefined, field))).toBe(true);
    expect(rules.isEmpty(rules.sanitize([{}], field))).toBe(false);
  });

  it('given a valid row, then there are no errors (hidden required columns are not checked)', () => {
    expect(check([{ what: 'Hotel', cost: '80', day: '2026-02-28', kind: 'food' }])).toEqual([]);
  });

  it('given a row missing required cells, then each is reported with its row and column', () => {
    expect(check([{ what: 'Hotel', cost: 80 }, { what: ' ' }])).toEqual([
      {
        code: 'validation.dynamicTable.required',
        params: { row: 2, column: 'What', columnId: 'what' },
      },
      {
        code: 'validation.dynamicTable.required',
        params: { row: 2, column: 'Cost', columnId: 'cost' },
      },
    ]);
  });

  it('given cells of the wrong type or an unknown choice, then each is refused with a code', () => {
    expect(
      check([{ what: 'Hotel', cost: 'twelve', count: '1,5', day: '2026-02-30', kind: 'boat' }]),
    ).toEqual([
      {
        code: 'validation.dynamicTable.number',
        params: { row: 1, column: 'Cost', columnId: 'cost' },
      },
      {
        code: 'validation.dynamicTable.number',
        params: { row: 1, column: 'Count', columnId: 'count' },
      },
      { code: 'validation.dynamicTable.date', params: { row: 1, column: 'Day', columnId: 'day' } },
      {
        code: 'validation.dynamicTable.option',
        params: { row: 1, column: 'Kind', columnId: 'kind' },
      },
    ]);
  });

  it('given a dropdown column whose APS options have no id, when a row chooses the second, then it is stored by its name and accepted', () => {
    const aps = compiled({
      key: 'assets',
      fields: [
        {
          id: 'assets',
          type: 'dynamic-table',
          columnDefinitions: [
            {
              id: 'kind',
              name: 'Kind',
              type: 'Dropdown',
              options: [
                { id: null, name: 'Car' },
                { id: null, name: 'House' },
              ],
            },
          ],
        },
      ],
    }).sections[0]?.fields[0] as NormalizedField;
    // As the widget writes it, and as APS stores it: the option itself.
    for (const stored of ['House', { id: null, name: 'House' }]) {
      const value = rules.sanitize([{ kind: stored }], aps);
      expect(value).toEqual([{ kind: 'House' }]);
      expect(rules.validate(value, aps)).toEqual([]);
    }
  });

  it('given text that is not a number, when sanitised, then it is kept so nothing typed is lost', () => {
    expect(rules.sanitize([{ cost: 'twelve' }], field)[0]?.cost).toBe('twelve');
  });

  it('given Autofill, then it writes one row that passes the checks', () => {
    const sample = rules.sampleValue?.(field, { today: '2026-11-24' });
    expect(sample).toHaveLength(1);
    expect(sample?.[0]?.what).toBe('Sample');
    expect(rules.validate(rules.sanitize(sample, field), field)).toEqual([]);
  });
});
