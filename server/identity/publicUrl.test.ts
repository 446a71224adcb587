import { describe, expect, it } from 'vitest';
import { publicBaseUrl } from './publicUrl';

const template = 'http://{tenant}.localhost:{port}';

describe('publicBaseUrl', () => {
  it('given the default template, when the tenant is acme, then its subdomain and port are used', () => {
    expect(publicBaseUrl({ template, tenant: 'acme', baseUrl: null, port: 8080 })).toBe(
      'http://acme.localhost:8080',
    );
  });

  it('given the default template, when the tenant is internal, then plain localhost is used', () => {
    expect(publicBaseUrl({ template, tenant: 'internal', baseUrl: null, port: 8080 })).toBe(
      'http://localhost:8080',
    );
  });

  it('given a public domain template, when the tenant is internal, then its label stays', () => {
    expect(
      publicBaseUrl({
        template: 'https://{tenant}.tessera.example',
        tenant: 'internal',
        baseUrl: null,
        port: 1,
      }),
    ).toBe('https://internal.tessera.example');
  });

  it('given a tenant base URL, when building the link origin, then it wins over the template', () => {
    expect(
      publicBaseUrl({
        template,
        tenant: 'acme',
        baseUrl: 'https://credit.acme.example/',
        port: 8080,
      }),
    ).toBe('https://credit.acme.example');
  });
});
