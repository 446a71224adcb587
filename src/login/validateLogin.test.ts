import { describe, expect, it } from 'vitest';
import { looksLikeEmail, validateLogin } from './validateLogin';

describe('validateLogin', () => {
  it('asks for the email first', () => {
    expect(validateLogin('', '')).toBe('requiredEmail');
    expect(validateLogin('   ', 'secret')).toBe('requiredEmail');
  });

  it('refuses an email without the shape of one', () => {
    for (const email of ['anna', 'anna@', '@bank.com', 'anna@bank', 'an na@bank.com', 'a@b..com']) {
      expect(validateLogin(email, 'secret')).toBe('invalidEmail');
    }
  });

  it('asks for the password once the email is fine', () => {
    expect(validateLogin('anna@bank.com', '')).toBe('requiredPassword');
  });

  it('accepts a complete form, ignoring spaces around the email', () => {
    expect(validateLogin(' anna.lopez@north-bank.co.uk ', 'secret')).toBeNull();
    expect(looksLikeEmail('o+tag@x.io')).toBe(true);
  });
});
