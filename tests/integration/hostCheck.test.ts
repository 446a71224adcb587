import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/testing/startTestServer';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { startAppWithSpaBuild, type AppWithSpaBuild } from '../helpers/startAppWithSpaBuild';

describe('the Host names the server answers', () => {
  const suite = setUpTestServer();
  let spa: AppWithSpaBuild;

  beforeAll(async () => {
    await suite.server.database.db
      .updateTable('tenants')
      .set({ base_url: 'https://credit.acme-lending.example/' })
      .where('name', '=', 'acme')
      .execute();
    spa = await startAppWithSpaBuild(suite.server.database, {
      publicUrlTemplate: 'http://{tenant}.localhost:{port}',
    });
  });
  afterAll(async () => {
    await spa.close();
  });

  const call = (host: string, url: string = IdentityPath.systemSettings, accept = '*/*') =>
    spa.app.inject({ url, headers: { host, accept } });

  it.each([
    ['internal.attacker.example', IdentityPath.systemSettings],
    ['attacker.example:8080', IdentityPath.systemSettings],
    ['acme.attacker.example', IdentityPath.systemSettings],
    ['internal.attacker.example', '/dev/outbox.json'],
  ])('given the Host %s, when calling %s, then 421 HOST_NOT_ALLOWED', async (host, url) => {
    const response = await call(host, url);
    expect(response.statusCode).toBe(421);
    expect(response.json()).toMatchObject({ statusCode: 421, code: 'HOST_NOT_ALLOWED' });
  });

  it('given a foreign Host, when loading the SPA, its assets or a client route, then 421 and no page', async () => {
    for (const url of ['/', '/index.html', '/assets/main-abc123.js', '/process/task/42']) {
      const response = await call('rebind.attacker.example', url, 'text/html');
      expect(response.statusCode, url).toBe(421);
      expect(response.body, url).not.toContain('<title>Tessera</title>');
    }
  });

  it.each([
    ['localhost', 'internal'],
    ['localhost:8080', 'internal'],
    ['127.0.0.1:8080', 'internal'],
    ['[::1]:8080', 'internal'],
    ['acme.localhost:8080', 'acme'],
    ['credit.acme-lending.example', 'acme'],
    ['CREDIT.acme-lending.example.', 'acme'],
  ])('given the configured Host %s, when calling, then tenant %s answers', async (host, tenant) => {
    const response = await call(host);
    expect(response.statusCode).toBe(200);
    expect(response.json().tenant).toBe(tenant);
  });

  it('given a configured Host, when loading the SPA, then the page comes back', async () => {
    for (const host of ['localhost:8080', 'acme.localhost', 'credit.acme-lending.example']) {
      const response = await call(host, '/process/task/42', 'text/html');
      expect(response.statusCode, host).toBe(200);
      expect(response.body).toContain('<title>Tessera</title>');
    }
  });

  it('given a template on a public domain, when calling, then its tenant hosts answer and others do not', async () => {
    const hosted = await buildApp({
      config: testConfig({ publicUrlTemplate: 'https://{tenant}.tessera.example' }),
      database: suite.server.database,
    });
    try {
      const ask = (host: string) =>
        hosted.inject({ url: IdentityPath.systemSettings, headers: { host } });
      expect((await ask('acme.tessera.example')).json().tenant).toBe('acme');
      expect((await ask('internal.tessera.example')).json().tenant).toBe('internal');
      expect((await ask('acme.tessera.example.attacker.example')).statusCode).toBe(421);
      expect((await ask('tessera.example')).statusCode).toBe(421);
      expect((await ask('nowhere.tessera.example')).statusCode).toBe(404);
    } finally {
      await hosted.close();
    }
  });
});
