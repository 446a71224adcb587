import { describe, expect, it } from 'vitest';
import { formatAmount } from './formatAmount';

const NBSP = '\u00a0';
const NNBSP = '\u202f';

describe('formatAmount', () => {
  it('given an amount without a currency, when written, then it has two decimals and spaced thousands', () => {
    expect(formatAmount(185000, 'en')).toBe('185 000.00');
    expect(formatAmount(1234567.5, 'en')).toBe('1 234 567.50');
    expect(formatAmount(999, 'fr')).toBe('999,00');
    expect(formatAmount(-4500, 'es')).toBe('-4 500,00');
  });

  it('given euros, when written in each language, then the symbol sits where the language puts it', () => {
    expect(formatAmount(307000, 'en', 'EUR')).toBe('€307 000.00');
    // Intl's own space before the symbol (no-break in French, narrow in Spanish) is kept;
    // the thousands separator is the spec's space in every language.
    expect(formatAmount(307000, 'es', 'EUR').replace(NNBSP, NBSP)).toBe(`307 000,00${NBSP}€`);
    expect(formatAmount(307000, 'fr', 'EUR').replace(NNBSP, NBSP)).toBe(`307 000,00${NBSP}€`);
    expect(formatAmount(-1234.5, 'fr', 'EUR').replace(NNBSP, NBSP)).toBe(`-1 234,50${NBSP}€`);
  });

  it('given Spanish, when the amount has four digits, then its thousands are still grouped', () => {
    expect(formatAmount(5000, 'es')).toBe('5 000,00');
  });

  it('given a currency code Intl does not know, when written, then the code follows the digits', () => {
    expect(formatAmount(12, 'en', 'ABCD')).toBe('12.00 ABCD');
  });

  it('given no amount, when written, then it is empty', () => {
    expect(formatAmount(null, 'en')).toBe('');
    expect(formatAmount(undefined, 'en', 'EUR')).toBe('');
    expect(formatAmount(Number.NaN, 'en')).toBe('');
  });
});
