import { describe, expect, it } from 'vitest';
import { formatNumber, shownNumberText, typedNumberText } from './formatNumber';

describe('formatNumber', () => {
  it('given any language, when a number has thousands, then they are grouped by a space', () => {
    expect(formatNumber(307000, undefined, 'en')).toBe('307 000');
    expect(formatNumber(307000, undefined, 'es')).toBe('307 000');
    expect(formatNumber(5000, undefined, 'es')).toBe('5 000');
    expect(formatNumber(1234567, undefined, 'fr')).toBe('1 234 567');
  });

  it('given French or Spanish, when a number has decimals, then the separator is a comma', () => {
    expect(formatNumber(3.8, undefined, 'fr')).toBe('3,8');
    expect(formatNumber(3.8, undefined, 'es')).toBe('3,8');
    expect(formatNumber(3.8, undefined, 'en')).toBe('3.8');
  });

  it('given a count of decimals, when written, then exactly that many follow', () => {
    expect(formatNumber(1250000.5, 2, 'en')).toBe('1 250 000.50');
    expect(formatNumber(-12000, 2, 'fr')).toBe('-12 000,00');
  });

  it('given a negative number that rounds to zero, when written, then it has no minus sign', () => {
    expect(formatNumber(-0.001, 2, 'en')).toBe('0.00');
  });

  it('given no count of decimals, when written, then the exact digits are kept', () => {
    expect(formatNumber(0.0548, undefined, 'en')).toBe('0.0548');
    expect(formatNumber(1.23456, undefined, 'fr')).toBe('1,23456');
  });
});

describe('typedNumberText and shownNumberText', () => {
  it('given a comma language, when typed text goes in and out, then the point is stored', () => {
    expect(typedNumberText('4,5', 'fr')).toBe('4.5');
    expect(shownNumberText('4.5', 'fr')).toBe('4,5');
    expect(typedNumberText('4.5', 'en')).toBe('4.5');
  });
});
