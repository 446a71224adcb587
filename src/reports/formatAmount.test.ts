import { describe, expect, it } from 'vitest';
import { formatAmount } from './formatAmount';

describe('formatAmount', () => {
  it('groups thousands with a space and keeps cents only when there are some', () => {
    expect(formatAmount(185000)).toBe('185 000');
    expect(formatAmount(1234567.5)).toBe('1 234 567.50');
    expect(formatAmount(999)).toBe('999');
    expect(formatAmount(-4500)).toBe('-4 500');
  });

  it('answers nothing for a missing amount', () => {
    expect(formatAmount(null)).toBe('');
    expect(formatAmount(undefined)).toBe('');
    expect(formatAmount(Number.NaN)).toBe('');
  });
});
