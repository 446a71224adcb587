import { describe, expect, it } from 'vitest';
import { formatPercent } from './formatPercent';

describe('formatPercent', () => {
  it('given a debt-to-income ratio, when written in each language, then it reads as a percentage', () => {
    expect(formatPercent(0.0548, 'en')).toBe('5.48\u00a0%');
    expect(formatPercent(0.0548, 'es')).toBe('5,48\u00a0%');
    expect(formatPercent(0.0548, 'fr')).toBe('5,48\u00a0%');
  });

  it('given a whole percentage, when written, then no zero decimals trail', () => {
    expect(formatPercent(0.35, 'en')).toBe('35\u00a0%');
    expect(formatPercent(12.5, 'fr')).toBe('1 250\u00a0%');
  });

  it('given fewer decimals, when written, then the percentage is rounded to them', () => {
    expect(formatPercent(0.05486, 'en', 1)).toBe('5.5\u00a0%');
  });

  it('given no ratio, when written, then it is empty', () => {
    expect(formatPercent(null, 'en')).toBe('');
    expect(formatPercent(Number.POSITIVE_INFINITY, 'en')).toBe('');
  });
});
