import { describe, expect, it } from 'vitest';
import { patternSample } from './sampleText';

describe('patternSample', () => {
  it.each([
    ['^CUS-[0-9]{6}$', 'CUS-000000'],
    ['^[A-Z]{2}\\d{2,4}$', 'AA00'],
    ['^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$', 'a@a.a'],
    ['^\\w+-?x*$', 'a'],
    ['ab.c', 'abac'],
  ])('given the simple pattern %s, it answers %s, which the pattern accepts', (pattern, text) => {
    expect(patternSample(pattern)).toBe(text);
    expect(new RegExp(pattern).test(text)).toBe(true);
  });

  it.each(['^(DE|FR)\\d+$', 'a|b', '^[a-z', '^x{2,$'])(
    'given %s, which is not simple, it answers nothing',
    (pattern) => {
      expect(patternSample(pattern)).toBeUndefined();
    },
  );
});
