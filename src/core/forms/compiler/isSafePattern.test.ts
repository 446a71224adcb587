import { describe, expect, it } from 'vitest';
import { isSafePattern, patternProblem } from './isSafePattern';

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
      '^[\\u00C0-\\u017F a-z]+$',
    ]) {
      expect({ pattern, safe: isSafePattern(pattern) }).toEqual({ pattern, safe: true });
    }
  });

  it('given nested quantifiers, when checked, then they are allowed: the engine runs them in linear time', () => {
    for (const pattern of ['^(a+)+$', '(\\w*)*', '(x|x)*y', '^(a|aa)*$', '(a{1,3})+']) {
      expect({ pattern, safe: isSafePattern(pattern) }).toEqual({ pattern, safe: true });
    }
  });

  it('given look-around or back-references, when checked, then they are refused as unsupported', () => {
    for (const pattern of [
      '(a)\\1',
      '(?<x>a)\\k<x>',
      '^(?=.*\\d).+$',
      '^(?!x).*$',
      '(?<=a)b',
      '(?<!a)b',
      '[unclosed',
    ]) {
      expect({ pattern, problem: patternProblem(pattern) }).toEqual({
        pattern,
        problem: 'validation.unsupportedPattern',
      });
    }
  });

  it('given a pattern longer than hand-written validation, when checked, then it is refused', () => {
    expect(patternProblem('a'.repeat(501))).toBe('validation.unsafePattern');
  });
});
