import { describe, expect, it } from 'vitest';
import { tenantFromHost } from './tenantFromHost';

describe('tenantFromHost', () => {
  it('takes the first label of a host with several labels', () => {
    expect(tenantFromHost('acme.localhost')).toBe('acme');
    expect(tenantFromHost('northbank.tessera.example.com')).toBe('northbank');
    expect(tenantFromHost('ACME.Localhost')).toBe('acme');
  });

  it('answers internal for a single-label host', () => {
    expect(tenantFromHost('localhost')).toBe('internal');
    expect(tenantFromHost('')).toBe('internal');
  });

  it('answers internal for IP addresses', () => {
    expect(tenantFromHost('127.0.0.1')).toBe('internal');
    expect(tenantFromHost('10.20.30.40')).toBe('internal');
    expect(tenantFromHost('[::1]')).toBe('internal');
    expect(tenantFromHost('::1')).toBe('internal');
  });

  it('ignores a trailing dot of a fully qualified name', () => {
    expect(tenantFromHost('acme.localhost.')).toBe('acme');
  });
});
