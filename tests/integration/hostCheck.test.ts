import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { buildApp } from '../../server/app';
import { startTestServer, testConfig, type TestServer } from '../../server/testing/startTestServer';

describe('the Host names the server answers', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let clientDir: string;

  beforeAll(async () => {
    server = await startTestServer();
    clientDir = mkdtempSync(join(tmpdir(), 'tessera-hosts-'));
    mkdirSync(join(clientDir, 'assets'));
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><title>Tessera</title>');
    writeFileSync(join(clientDir, 'assets', 'main-abc123.js'), 'console.log(1)');
    await server.database.db
      .updateTable('tenants')
      .set({ base_url: 'https://credit.acme-lending.example/' })
      .where('name', '=', 'acme')
      .execute();
    app = await buildApp({
      config: testConfig({ publicUrlTemplate: 'http://{tenant}.localhost:{port}' }),
      database: server.database,
      clientDir,
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await server.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const call = (host: string, url: string = IdentityPath.systemSettings, accept = '*/*') =>
    app.inject({ url, headers: { host, accept } });

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
      database: server.database,
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
