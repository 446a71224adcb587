import { describe, expect, it } from 'vitest';
import { isSafePattern } from './isSafePattern';

describe('isSafePattern', () => {
  it('given everyday validation patterns, when checked, then they are safe', () => {
    for (const pattern of [
      '^CUS-[0-9]{6}$',
      '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      '^\\+?[0-9 ]{9,15}$',
      '^(?:ES|FR)\\d{2}[ ]?\\d{4}$',
      '^[A-Z]{2}(-[0-9]{3})?$',
      '^[(+*)]+$',
      '^\\d{1,3}( \\d{3})*$',
      '^(-\\d+)?$',
    ]) {
      expect({ pattern, safe: isSafePattern(pattern) }).toEqual({ pattern, safe: true });
    }
  });

  it('given nested quantifiers, when checked, then they are refused', () => {
    for (const pattern of [
      '^(a+)+$',
      '(\\w*)*',
      '(x+x+)+y',
      '((ab)*c)+',
      '(a{2,})*',
      '(?:a|b+)+',
      '(a?){2,}',
      '(a{1,3})+',
    ]) {
      expect({ pattern, safe: isSafePattern(pattern) }).toEqual({ pattern, safe: false });
    }
  });

  it('given back-references, invalid syntax or huge patterns, when checked, then they are refused', () => {
    expect(isSafePattern('(a)\\1')).toBe(false);
    expect(isSafePattern('(?<x>a)\\k<x>')).toBe(false);
    expect(isSafePattern('[unclosed')).toBe(false);
    expect(isSafePattern('a'.repeat(501))).toBe(false);
  });
});
