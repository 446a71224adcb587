import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisPath } from '../../schemas/api/analysisConstants';
import { IdentityPath } from '../../schemas/api/identity';
import { identityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { startAppWithSpaBuild, type AppWithSpaBuild } from '../helpers/startAppWithSpaBuild';

describe('answers that hold a secret are never cached', { timeout: 120_000 }, () => {
  const suite = setUpTestServer();

  it('given the sign-in, session, password and token answers, when inspected, then each is Cache-Control: no-store', async () => {
    const client = identityClient(suite.server);
    const answers = {
      signIn: await client.login('lucas.martin@tessera.example'),
      authorizationStatus: await client.request({ url: IdentityPath.authorizationStatus }),
      account: await client.request({ url: IdentityPath.account }),
      passwordSettings: await client.request({ url: IdentityPath.passwordSettings }),
      passwordChange: await client.request({
        method: 'POST',
        url: IdentityPath.updatePassword,
        body: {},
      }),
      resetRequest: await identityClient(suite.server).request({
        method: 'POST',
        url: IdentityPath.resetRequest,
        body: { email: 'lucas.martin@tessera.example', tenantId: 'internal' },
      }),
      reset: await identityClient(suite.server).request({
        method: 'POST',
        url: IdentityPath.reset,
        body: {},
      }),
      analysisStatus: await client.request({ url: AnalysisPath.status }),
      analysisToken: await client.request({ method: 'POST', url: AnalysisPath.token, body: {} }),
      developmentOutbox: await client.request({ url: '/dev/outbox.json' }),
      signOut: await client.request({
        url: IdentityPath.signOut,
        headers: { 'x-tenant-name': 'internal' },
      }),
    };
    expect(answers.signIn.statusCode).toBe(200);
    expect(answers.account.statusCode).toBe(200);
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.statusCode, name).toBeLessThan(500);
      expect(answer.headers['cache-control'], `${name} (${answer.statusCode})`).toBe('no-store');
    }
  });

  it('given the identity provider, which writes its answers itself, when asked for its configuration, then no-store too', async () => {
    const response = await identityClient(suite.server).request({
      url: `${AnalysisPath.idp}/.well-known/openid-configuration`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveProperty('issuer');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  describe('the SPA build', () => {
    let spa: AppWithSpaBuild;

    beforeAll(async () => {
      spa = await startAppWithSpaBuild(suite.server.database, { nodeEnv: 'production' });
    });
    afterAll(async () => {
      await spa.close();
    });

    it('given the static files, when fetched, then hashed assets stay cacheable and the page is revalidated', async () => {
      const asset = await spa.app.inject({
        url: '/assets/main-abc123.js',
        headers: { host: 'localhost' },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const page = await spa.app.inject({
        url: '/login',
        headers: { host: 'localhost', accept: 'text/html' },
      });
      expect(page.headers['cache-control']).toBe('no-cache');
    });
  });
});
