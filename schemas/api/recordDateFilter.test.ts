import { describe, expect, it } from 'vitest';
import { normalizeDateFilter } from './recordDateFilter';

describe('normalizeDateFilter', () => {
  it.each([
    ['2024-12-31', { kind: 'day', value: '2024-12-31' }],
    ['2024-12-31T10:15:00Z', { kind: 'day', value: '2024-12-31' }],
    ['2024/1/5', { kind: 'day', value: '2024-01-05' }],
    ['31/12/2024', { kind: 'day', value: '2024-12-31' }],
    ['31.12.2024', { kind: 'day', value: '2024-12-31' }],
    ['2024-12', { kind: 'month', value: '2024-12' }],
    ['12/2024', { kind: 'month', value: '2024-12' }],
    ['31/12', { kind: 'dayOfYear', value: '12-31' }],
    ['12-31', { kind: 'dayOfYear', value: '12-31' }],
    ['29/02', { kind: 'dayOfYear', value: '02-29' }],
    ['2024', { kind: 'year', value: '2024' }],
  ])('given %s, then it reads as %o', (input, expected) => {
    expect(normalizeDateFilter(input)).toEqual(expected);
  });

  it.each(['2024-02-30', '31/13', '13/2024', 'yesterday', '', '2024-12-31; drop'])(
    'given %j, then it is not a date',
    (input) => {
      expect(normalizeDateFilter(input)).toBeNull();
    },
  );
});
