import { describe, expect, it } from 'vitest';
import { tenantFromHost } from './tenant';

describe('tenantFromHost', () => {
  it.each([
    ['acme.localhost', 'acme'],
    ['acme.localhost:8080', 'acme'],
    ['ACME.Localhost:8080', 'acme'],
    ['acme.tessera.example.', 'acme'],
    ['localhost', 'internal'],
    ['localhost:8080', 'internal'],
    ['127.0.0.1:8080', 'internal'],
    ['10.0.0.7', 'internal'],
    ['[::1]:8080', 'internal'],
    ['[::1]', 'internal'],
    ['', 'internal'],
    [undefined, 'internal'],
  ])('given the host %s, when resolving, then the tenant is %s', (host, tenant) => {
    expect(tenantFromHost(host)).toBe(tenant);
  });
});
