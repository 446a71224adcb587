import { describe, expect, it } from 'vitest';
import { isProviderAccount } from './providerAccount';

describe('isProviderAccount', () => {
  it('given an account of the domain, in any case, then it qualifies', () => {
    expect(isProviderAccount('claire.dubois@tessera.example', 'tessera.example')).toBe(true);
    expect(isProviderAccount('Claire.Dubois@Tessera.EXAMPLE', 'tessera.example')).toBe(true);
  });

  it.each([
    ['claire@acme.example'],
    ['claire@tessera.example.evil.test'],
    ['claire@eviltessera.example'],
    ['claire@sub.tessera.example'],
    ['tessera.example@evil.test'],
    ['@tessera.example'],
    ['tessera.example'],
  ])('given %s, then it is foreign to tessera.example', (email) => {
    expect(isProviderAccount(email, 'tessera.example')).toBe(false);
  });

  it('given no domain configured for the tenant, then no account qualifies', () => {
    expect(isProviderAccount('claire.dubois@tessera.example', undefined)).toBe(false);
  });
});
