import { describe, expect, it } from 'vitest';
import { evaluatePassword, isPasswordValid } from './passwordRules';

const policy = {
  minLength: 8,
  maxLength: 64,
  minDigits: 1,
  minLowercaseCharacters: 1,
  minUppercaseCharacters: 1,
  minSpecialCharacters: 0,
};

describe('evaluatePassword', () => {
  it('given a zero minimum, when evaluated, then that rule is not listed', () => {
    expect(evaluatePassword('x', policy).map((r) => r.rule)).toEqual([
      'length',
      'digits',
      'lowercase',
      'uppercase',
    ]);
  });

  it('given a compliant password, when checked, then every rule is met', () => {
    expect(isPasswordValid('Secure123', policy)).toBe(true);
  });

  it('given a password too short and without digits, when checked, then those rules fail', () => {
    const failed = evaluatePassword('Abc', policy)
      .filter((r) => !r.met)
      .map((r) => r.rule);
    expect(failed).toEqual(['length', 'digits']);
  });

  it('given a special-character minimum, when the password has a space, then it counts', () => {
    expect(isPasswordValid('Secure 123', { ...policy, minSpecialCharacters: 1 })).toBe(true);
    expect(isPasswordValid('Secure123', { ...policy, minSpecialCharacters: 1 })).toBe(false);
  });
});
