import { describe, expect, it } from 'vitest';
import { compileLinearPattern, linearRegExp, toRe2Syntax } from './linearPattern';

describe('compileLinearPattern', () => {
  it('given JavaScript spellings, when compiled, then they mean what they mean in JavaScript', () => {
    const cases: [string, string, boolean][] = [
      ['^\\u00e9$', 'é', true],
      ['^a\\sb$', 'a\u00a0b', true],
      ['^a[\\s-]b$', 'a\u2003b', true],
      ['^\\S+$', 'a\u00a0b', false],
      ['^a.b$', 'a\nb', false],
      ['^a.b$', 'a\u2028b', false],
      ['^a.b$', 'a-b', true],
      ['^CUS-[0-9]{6}$', 'CUS-123456', true],
      ['^CUS-[0-9]{6}$', 'CUS-12345', false],
      ['\\d', 'abc1', true],
    ];
    for (const [pattern, text, expected] of cases) {
      expect({ pattern, text, matches: compileLinearPattern(pattern)?.test(text) }).toEqual({
        pattern,
        text,
        matches: expected,
      });
      expect(new RegExp(pattern).test(text)).toBe(expected);
    }
  });

  it('given look-around, when compiled, then the engine refuses it', () => {
    expect(compileLinearPattern('^(?=a)a$')).toBeNull();
    expect(toRe2Syntax('[.]\\.')).toBe('[.]\\.');
  });

  it('given catastrophic patterns and 10,000 characters, when tested, then they answer right in linear time', () => {
    const input = 'x'.repeat(10_000);
    const cases: [string, string, boolean][] = [
      ['(x|x)*y', input, false],
      ['(x|x)*y', `${input}y`, true],
      ['^(a|aa)*$', `${'a'.repeat(10_000)}b`, false],
      ['^(a|aa)*$', 'a'.repeat(10_000), true],
      ['^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$', `${'1'.repeat(10_000)}a`, false],
      ['^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$', '1'.repeat(10_000), true],
      ['^(a+)+$', `${'a'.repeat(10_000)}!`, false],
    ];
    for (const [pattern] of cases) compileLinearPattern(pattern);
    const started = performance.now();
    const answers = cases.map(([pattern, text]) => compileLinearPattern(pattern)?.test(text));
    const elapsed = performance.now() - started;
    expect(answers).toEqual(cases.map(([, , expected]) => expected));
    // A backtracking engine takes seconds to minutes on these; linear time is milliseconds.
    expect(elapsed).toBeLessThan(500);
  });

  it('given Ajv asks for a pattern engine, when a pattern is built, then it tests on the linear engine', () => {
    const rx = linearRegExp('^(a|aa)*$', '');
    expect(rx.test('aaa')).toBe(true);
    expect(rx.test('aab')).toBe(false);
    expect(String(rx)).toBe('re2:^(a|aa)*$');
    expect(linearRegExp.code).toBe('linearRegExp');
  });
});
