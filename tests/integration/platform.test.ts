import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { buildApp } from '../../server/app';
import { setMaintenance, testConfig } from '../../server/testing/startTestServer';
import { identityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { startAppWithSpaBuild, type AppWithSpaBuild } from '../helpers/startAppWithSpaBuild';

const CODE = 'c'.repeat(43);

describe('the API platform', () => {
  const suite = setUpTestServer();

  describe('input validation', () => {
    const malformed: Array<[string, string, unknown]> = [
      ['POST', IdentityPath.login, { email: 'a@b.c' }],
      ['POST', IdentityPath.login, { email: 'a@b.c', password: 5 }],
      ['POST', IdentityPath.login, { email: '', password: 'x' }],
      ['POST', IdentityPath.login, { email: 'a@b.c', password: 'x', admin: true }],
      ['POST', IdentityPath.login, 'not json'],
      ['POST', IdentityPath.login, undefined],
      ['POST', IdentityPath.updatePassword, { email: 'a@b.c' }],
      ['POST', IdentityPath.resetRequest, { email: 'a@b.c', language: 'de' }],
      ['POST', IdentityPath.resetRequest, {}],
      [
        'POST',
        IdentityPath.reset,
        { email: 'a@b.c', newPassword: 'x', oobCode: 'short', tenantId: 'internal' },
      ],
      ['POST', IdentityPath.reset, { email: 'a@b.c', newPassword: 'x', tenantId: 'internal' }],
      ['POST', `${IdentityPath.verifyReset('internal')}`, undefined],
      ['POST', `${IdentityPath.verifyReset('internal')}?oobCode=short`, undefined],
      ['POST', `${IdentityPath.verifyReset('internal')}?oobCode=${CODE}&extra=1`, undefined],
      ['GET', `${IdentityPath.passwordSettingsUnauthenticated}?other=1`, undefined],
      ['GET', `${IdentityPath.account}?debug=1`, undefined],
      ['GET', `${IdentityPath.authorizationStatus}?x=1`, undefined],
      ['GET', `${IdentityPath.signOut}?next=/`, undefined],
      ['GET', `${IdentityPath.passwordSettings}?tenant=acme`, undefined],
      ['GET', `${IdentityPath.systemSettings}?x=1`, undefined],
      ['POST', `${IdentityPath.updatePassword}?x=1`, { email: 'a@b.c', password: 'x' }],
      ['POST', `${IdentityPath.login}?x=1`, { email: 'a@b.c', password: 'x' }],
    ];

    it.each(malformed)(
      'given a malformed %s %s, when sent, then 400 VALIDATION_ERROR before any handler',
      async (method, url, body) => {
        const client = identityClient(suite.server);
        const response = await client.request({
          method: method as 'GET' | 'POST',
          url,
          ...(typeof body === 'string'
            ? { body, headers: { 'content-type': 'application/json' } }
            : body === undefined
              ? {}
              : { body }),
        });
        expect(response.statusCode).toBe(400);
        const json = response.json();
        expect(json).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
        expect(typeof json.message).toBe('string');
      },
    );

    it('given a missing field, when refused, then the details name it', async () => {
      const response = await identityClient(suite.server).request({
        method: 'POST',
        url: IdentityPath.login,
        body: { email: 'a@b.c' },
      });
      expect(response.json().details).toEqual([
        expect.objectContaining({ path: 'body.password', code: 'required' }),
      ]);
    });

    it('given nothing was written, when malformed logins were refused, then no failure was recorded', async () => {
      const rows = await suite.server.database.db
        .selectFrom('login_failures')
        .select('id')
        .execute();
      expect(rows).toHaveLength(0);
    });
  });

  describe('tenants', () => {
    it('given x-tenant-name naming another tenant, when calling, then 400 TENANT_MISMATCH', async () => {
      const response = await identityClient(suite.server).request({
        url: IdentityPath.systemSettings,
        headers: { 'x-tenant-name': 'acme' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('TENANT_MISMATCH');
    });

    it('given x-tenant-name matching the host, when calling, then it is accepted', async () => {
      const response = await identityClient(suite.server, 'acme').request({
        url: IdentityPath.systemSettings,
        headers: { 'x-tenant-name': 'acme' },
      });
      expect(response.json()).toEqual({ tenant: 'acme', maintenance: false, autofill: false });
    });

    it('given an IP or a bare host name, when calling, then the tenant is internal', async () => {
      for (const host of ['127.0.0.1:8080', '[::1]:8080', 'localhost']) {
        const response = await suite.server.app.inject({
          url: IdentityPath.systemSettings,
          headers: { host },
        });
        expect(response.json().tenant, host).toBe('internal');
      }
    });

    it('given an unknown tenant, when calling, then 404 TENANT_NOT_FOUND', async () => {
      const response = await identityClient(suite.server, 'nowhere').request({
        url: IdentityPath.systemSettings,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('TENANT_NOT_FOUND');
    });

    it('given a tenant, when reading public password settings, then its policy comes back and another tenant is refused', async () => {
      const client = identityClient(suite.server, 'acme');
      const own = await client.request({
        url: `${IdentityPath.passwordSettingsUnauthenticated}?tenant=acme`,
      });
      expect(own.json()).toMatchObject({ tenant: 'acme', settings: { minLength: 8 } });
      const other = await client.request({
        url: `${IdentityPath.passwordSettingsUnauthenticated}?tenant=internal`,
      });
      expect(other.json().code).toBe('TENANT_MISMATCH');
    });
  });

  describe('maintenance', () => {
    it('given tenant maintenance, when calling that tenant, then 503 MAINTENANCE while other tenants work', async () => {
      await setMaintenance(suite.server.database.db, 'acme', true);
      try {
        const acme = identityClient(suite.server, 'acme');
        for (const url of [IdentityPath.authorizationStatus, IdentityPath.systemSettings]) {
          const response = await acme.request({ url });
          expect(response.statusCode).toBe(503);
          expect(response.json().code).toBe('MAINTENANCE');
        }
        const login = await acme.login('ana.souza@acme.example');
        expect(login.statusCode).toBe(503);
        // The dev paths are outside maintenance (and the outbox is off outside `npm run dev`).
        expect((await acme.request({ url: '/dev/outbox.json' })).json().code).toBe('NOT_FOUND');
        expect(
          (await identityClient(suite.server).request({ url: IdentityPath.systemSettings }))
            .statusCode,
        ).toBe(200);
      } finally {
        await setMaintenance(suite.server.database.db, 'acme', false);
      }
      expect(
        (await identityClient(suite.server, 'acme').request({ url: IdentityPath.systemSettings }))
          .statusCode,
      ).toBe(200);
    });

    it('given global maintenance, when calling any tenant, then 503', async () => {
      await setMaintenance(suite.server.database.db, 'global', true);
      try {
        for (const tenant of ['internal', 'acme']) {
          const response = await identityClient(suite.server, tenant).request({
            url: IdentityPath.authorizationStatus,
          });
          expect(response.statusCode, tenant).toBe(503);
        }
      } finally {
        await setMaintenance(suite.server.database.db, 'global', false);
      }
    });
  });

  describe('cross-site requests', () => {
    it('given an Origin of another site, when posting, then 403 FOREIGN_ORIGIN', async () => {
      const response = await identityClient(suite.server).request({
        method: 'POST',
        url: IdentityPath.login,
        body: { email: 'lucas.martin@tessera.example', password: 'Tessera#2026' },
        headers: { origin: 'https://evil.example' },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FOREIGN_ORIGIN');
    });

    it('given an Origin of another tenant, when posting, then 403 too', async () => {
      const response = await identityClient(suite.server).request({
        method: 'POST',
        url: IdentityPath.resetRequest,
        body: { email: 'lucas.martin@tessera.example' },
        headers: { origin: `http://acme.localhost:${suite.server.port}` },
      });
      expect(response.statusCode).toBe(403);
    });

    it('given Sec-Fetch-Site cross-site without an Origin, when posting, then 403', async () => {
      const response = await identityClient(suite.server).request({
        method: 'POST',
        url: IdentityPath.resetRequest,
        body: { email: 'lucas.martin@tessera.example' },
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      expect(response.statusCode).toBe(403);
    });

    it('given the own Origin, when posting, then the request goes through', async () => {
      const client = identityClient(suite.server);
      const response = await client.request({
        method: 'POST',
        url: IdentityPath.login,
        body: { email: 'lucas.martin@tessera.example', password: 'Tessera#2026' },
        headers: { origin: `http://${client.host}`, 'sec-fetch-site': 'same-origin' },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('answers', () => {
    it('given any answer, when inspecting headers, then the strict CSP is there', async () => {
      const response = await identityClient(suite.server).request({
        url: IdentityPath.systemSettings,
      });
      const csp = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(csp).not.toContain('unsafe');
    });

    it('given an unknown API path, when called, then 404 NOT_FOUND as JSON', async () => {
      const response = await identityClient(suite.server).request({
        url: '/api/nothing/here',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    });
  });

  describe('the global request budget', () => {
    it('given a small budget, when one address exceeds it, then 429 RATE_LIMITED with Retry-After, before any tenant lookup', async () => {
      const app = await buildApp({
        config: testConfig({ rateLimitPerMinute: 3 }),
        database: suite.server.database,
      });
      try {
        const call = (host: string, remoteAddress = '10.7.0.1') =>
          app.inject({ url: IdentityPath.systemSettings, headers: { host }, remoteAddress });
        for (let i = 0; i < 3; i += 1) expect((await call('localhost')).statusCode).toBe(200);
        const limited = await call('nowhere.localhost');
        expect(limited.statusCode).toBe(429);
        expect(limited.json().code).toBe('RATE_LIMITED');
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
        expect((await call('localhost', '10.7.0.2')).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    });
  });

  describe('production and the SPA', () => {
    let spa: AppWithSpaBuild;

    beforeAll(async () => {
      spa = await startAppWithSpaBuild(suite.server.database, { nodeEnv: 'production' });
    });
    afterAll(async () => {
      await spa.close();
    });

    it('given production, when asking for the dev outbox, then it does not exist', async () => {
      const response = await spa.app.inject({
        url: '/dev/outbox.json',
        headers: { host: 'localhost' },
      });
      expect(response.statusCode).toBe(404);
    });

    it('given a hashed asset, when fetched, then it is cached as immutable', async () => {
      const response = await spa.app.inject({
        url: '/assets/main-abc123.js',
        headers: { host: 'localhost' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });

    it('given a page navigation to a client route, when fetched, then index.html comes back uncached', async () => {
      const response = await spa.app.inject({
        url: '/process/task/42?x=1',
        headers: { host: 'acme.localhost', accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Tessera</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('given a reload of the dashboard at /, when fetched, then index.html comes back', async () => {
      const response = await spa.app.inject({
        url: '/',
        headers: { host: 'localhost', accept: 'text/html,application/xhtml+xml' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Tessera</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('given index.html itself, when fetched, then it is no-cache', async () => {
      const response = await spa.app.inject({ url: '/index.html', headers: { host: 'localhost' } });
      expect(response.headers['cache-control']).toBe('no-cache');
    });

    it('given a missing asset or a non-HTML request, when fetched, then 404 JSON, not the page', async () => {
      const asset = await spa.app.inject({
        url: '/assets/missing.js',
        headers: { host: 'localhost', accept: '*/*' },
      });
      expect(asset.statusCode).toBe(404);
      const post = await spa.app.inject({
        method: 'POST',
        url: '/login',
        headers: { host: 'localhost', accept: 'text/html' },
      });
      expect(post.statusCode).toBe(404);
    });
  });
});
