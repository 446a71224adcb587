import { describe, expect, it } from 'vitest';
import { templateHostPattern, tenantForHost, tenantFromHost } from './tenant';

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

describe('tenantForHost', () => {
  const rules = {
    template: templateHostPattern('https://{tenant}.tessera.example'),
    baseUrlHosts: new Map([['credit.acme-lending.example', 'acme']]),
  };

  it.each([
    ['localhost:8080', 'internal'],
    ['127.0.0.1', 'internal'],
    ['[::1]:8080', 'internal'],
    ['acme.localhost:8080', 'acme'],
    ['acme.tessera.example', 'acme'],
    ['ACME.Tessera.Example.:443', 'acme'],
    ['credit.acme-lending.example', 'acme'],
    ['internal.attacker.example', null],
    ['acme.tessera.example.attacker.example', null],
    ['tessera.example', null],
    ['a.b.tessera.example', null],
    ['', null],
    [undefined, null],
  ])('given the host %s, when checking it, then the tenant is %s', (host, tenant) => {
    expect(tenantForHost(host, rules)).toBe(tenant);
  });

  it('given a template without a tenant in its host, when reading it, then it names no host', () => {
    expect(templateHostPattern('https://tessera.example/{tenant}')).toBeNull();
    expect(templateHostPattern('not a url {tenant}')).toBeNull();
  });
});
