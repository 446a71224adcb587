import { describe, expect, it } from 'vitest';
import { parseNumber } from './parseNumber';

describe('parseNumber', () => {
  it('given a finite number, when parsed, then it is returned unchanged', () => {
    expect(parseNumber(42.5)).toBe(42.5);
  });

  it('given numeric strings, when parsed, then they become numbers', () => {
    expect(parseNumber('1250')).toBe(1250);
    expect(parseNumber(' -3.75 ')).toBe(-3.75);
    expect(parseNumber('.5')).toBe(0.5);
    expect(parseNumber('1e3')).toBe(1000);
  });

  it('given a space as thousands separator, when parsed, then the groups join', () => {
    expect(parseNumber('1 250 000')).toBe(1250000);
    expect(parseNumber('12 500.25')).toBe(12500.25);
    expect(parseNumber('1\u00a0000')).toBe(1000);
    expect(parseNumber('1\u202f000')).toBe(1000);
  });

  it('given badly grouped or non-numeric input, when parsed, then it is undefined', () => {
    expect(parseNumber('1 25')).toBeUndefined();
    expect(parseNumber('12 3456')).toBeUndefined();
    expect(parseNumber('1,000')).toBeUndefined();
    expect(parseNumber('abc')).toBeUndefined();
    expect(parseNumber('')).toBeUndefined();
    expect(parseNumber(Number.NaN)).toBeUndefined();
    expect(parseNumber(Infinity)).toBeUndefined();
    expect(parseNumber(true)).toBeUndefined();
    expect(parseNumber(null)).toBeUndefined();
  });
});
