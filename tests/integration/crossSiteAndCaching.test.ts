import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { TaskPath } from '../../schemas/api/tasks';
import { identityClient, type IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';
import { startAppWithSpaBuild, type AppWithSpaBuild } from '../helpers/startAppWithSpaBuild';

describe('answers with personal data and requests from other sites', { timeout: 120_000 }, () => {
  const suite = setUpTestServer();

  async function signedIn(): Promise<IdentityClient> {
    const client = identityClient(suite.server);
    expect((await client.login('lucas.martin@tessera.example')).statusCode).toBe(200);
    return client;
  }

  it('given any API or identity answer, success or error, when inspected, then it is Cache-Control: no-store', async () => {
    const client = await signedIn();
    const answers = [
      await client.request({ url: IdentityPath.account }),
      await client.request({ url: IdentityPath.systemSettings }),
      await client.request({ method: 'POST', url: TaskPath.assigned, body: { page: 0, size: 10 } }),
      await client.request({ url: '/api/task/user-settings' }),
      await client.request({ url: '/api/nothing/here' }),
      await identityClient(suite.server).request({ url: IdentityPath.account }),
      await client.request({ method: 'POST', url: IdentityPath.login, body: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 404, 401, 400]);
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('given Sec-Fetch-Site cross-site, when signing out, then 403 FOREIGN_ORIGIN and the session lives on', async () => {
    const client = await signedIn();
    const refused = await client.request({
      url: IdentityPath.signOut,
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FOREIGN_ORIGIN');
    expect((await client.request({ url: IdentityPath.account })).statusCode).toBe(200);
  });

  it('given an Origin of another site or tenant, when signing out, then 403 too', async () => {
    const client = await signedIn();
    for (const origin of ['https://evil.example', `http://acme.localhost:${suite.server.port}`]) {
      const refused = await client.request({ url: IdentityPath.signOut, headers: { origin } });
      expect(refused.statusCode, origin).toBe(403);
    }
    expect((await client.request({ url: IdentityPath.account })).statusCode).toBe(200);
  });

  it('given the own page, when signing out, then the session ends', async () => {
    const client = await signedIn();
    const cookie = client.cookie;
    const response = await client.request({
      url: IdentityPath.signOut,
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(response.statusCode).toBe(200);
    client.cookie = cookie;
    expect((await client.request({ url: IdentityPath.account })).statusCode).toBe(401);
  });

  it('given Sec-Fetch-Site cross-site, when reading any API call, then 403', async () => {
    const client = await signedIn();
    const response = await client.request({
      url: IdentityPath.account,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(response.statusCode).toBe(403);
  });

  describe('the SPA build', () => {
    let spa: AppWithSpaBuild;

    beforeAll(async () => {
      spa = await startAppWithSpaBuild(
        suite.server.database,
        { nodeEnv: 'production' },
        {
          'assets/main-abc123.js.map': '{"sources":["secret.ts"]}',
          'top.css.MAP': '{"sources":["secret.css"]}',
        },
      );
    });
    afterAll(async () => {
      await spa.close();
    });

    it('given a build that holds source maps, when they are asked for, then 404 and never their text', async () => {
      const script = await spa.app.inject({
        url: '/assets/main-abc123.js',
        headers: { host: 'localhost' },
      });
      expect(script.statusCode).toBe(200);
      for (const url of ['/assets/main-abc123.js.map', '/top.css.MAP']) {
        for (const accept of ['*/*', 'text/html']) {
          const map = await spa.app.inject({ url, headers: { host: 'localhost', accept } });
          expect(map.body, `${url} ${accept}`).not.toContain('secret');
          if (accept === '*/*') expect(map.statusCode, url).toBe(404);
        }
      }
    });
  });
});
