import { describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { identityClient, type IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';

/** What a browser sends for `<img src="http://localhost/identity/signOut">` on a sibling tenant's page. */
const IMAGE_REQUEST_HEADERS = {
  'sec-fetch-site': 'same-site',
  'sec-fetch-mode': 'no-cors',
  'sec-fetch-dest': 'image',
  accept: 'image/avif,image/webp,*/*',
  referer: 'http://other.localhost/',
};

describe('sign-out only by the app', { timeout: 120_000 }, () => {
  const suite = setUpTestServer();

  async function signedIn(): Promise<IdentityClient> {
    const client = identityClient(suite.server);
    expect((await client.login('lucas.martin@tessera.example')).statusCode).toBe(200);
    return client;
  }

  it('given a signed-in user, when another page of the same site loads sign-out as an image, then 403 SIGN_OUT_NOT_FROM_APP and the session lives on', async () => {
    const client = await signedIn();
    const cookie = client.cookie;

    for (const method of ['GET', 'HEAD'] as const) {
      const refused = await client.request({
        method,
        url: IdentityPath.signOut,
        headers: IMAGE_REQUEST_HEADERS,
      });
      expect(refused.statusCode, method).toBe(403);
      if (method === 'GET') expect(refused.json().code).toBe('SIGN_OUT_NOT_FROM_APP');
      expect(refused.cookies, method).toEqual([]);
    }

    expect(client.cookie).toBe(cookie);
    expect((await client.request({ url: IdentityPath.account })).statusCode).toBe(200);
  });

  it('given a signed-in user, when sign-out is sent with a percent-encoded path and no app header, then it is refused too', async () => {
    const client = await signedIn();
    const refused = await client.request({
      url: '/identity/sign%4Fut',
      headers: IMAGE_REQUEST_HEADERS,
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect((await client.request({ url: IdentityPath.account })).statusCode).toBe(200);
  });

  it('given a signed-in user, when the app signs out with its tenant header, then the session ends', async () => {
    const client = await signedIn();
    const cookie = client.cookie;
    const response = await client.request({
      url: IdentityPath.signOut,
      headers: { 'x-tenant-name': 'internal', accept: 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'SIGNED_OUT' });
    expect(client.cookie).toBeUndefined();
    client.cookie = cookie;
    expect((await client.request({ url: IdentityPath.account })).statusCode).toBe(401);
  });

  it('given no session cookie, when sign-out is loaded as an image, then there is nothing to end and it answers 200', async () => {
    const response = await identityClient(suite.server).request({
      url: IdentityPath.signOut,
      headers: IMAGE_REQUEST_HEADERS,
    });
    expect(response.statusCode).toBe(200);
  });
});
