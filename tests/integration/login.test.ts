import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { hashToken } from '../../server/identity/sessions';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { testConfig } from '../../server/testing/startTestServer';
import { identityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';

const LUCAS = 'lucas.martin@tessera.example';

describe('POST /identity/login', () => {
  const suite = setUpTestServer();

  it('given the right password, when signing in, then the Account comes back with a session cookie', async () => {
    const client = identityClient(suite.server);
    const response = await client.login(LUCAS);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'lmartin',
      email: LUCAS,
      fullName: 'Lucas Martin',
      firstName: 'Lucas',
      lastName: 'Martin',
      groups: ['loan-officers'],
      privileges: ['access-task'],
      tenant: 'internal',
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
  });

  it('given a signed-in browser, when signing in again, then the id is new and the old session is dead', async () => {
    const client = identityClient(suite.server);
    await client.login(LUCAS);
    const first = client.cookie;
    await client.login(LUCAS.toUpperCase());
    expect(client.cookie).toBeDefined();
    expect(client.cookie).not.toBe(first);
    const stale = await suite.server.app.inject({
      url: '/identity/account',
      headers: { host: client.host, cookie: `${SESSION_COOKIE}=${first}` },
    });
    expect(stale.statusCode).toBe(401);
    expect((await client.request({ url: '/identity/account' })).statusCode).toBe(200);
  });

  it('given a session, when looking at the database, then only a SHA-256 of the cookie is stored', async () => {
    const client = identityClient(suite.server);
    await client.login(LUCAS);
    const rows = await suite.server.database.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', hashToken(client.cookie ?? ''))
      .execute();
    expect(rows).toHaveLength(1);
    const raw = await suite.server.database.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('id_hash', '=', client.cookie ?? '')
      .execute();
    expect(raw).toHaveLength(0);
  });

  it('given an unknown email or a wrong password, when signing in, then both answer 400 WRONG_CREDENTIALS', async () => {
    const client = identityClient(suite.server);
    const unknown = await client.login('nobody@tessera.example', 'Tessera#2026');
    const wrong = await client.login('amara.okafor@tessera.example', 'Wrong#2026');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, code: 'WRONG_CREDENTIALS' });
      expect(response.cookies).toHaveLength(0);
    }
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('given a user without access-task, when signing in, then it succeeds and the account shows no access-task', async () => {
    const response = await identityClient(suite.server).login('elena.vidal@tessera.example');
    expect(response.statusCode).toBe(200);
    expect(response.json().privileges).not.toContain('access-task');
  });

  it('given an acme user, when signing in at the internal host, then the credentials are wrong there', async () => {
    const internal = await identityClient(suite.server).login('ana.souza@acme.example');
    expect(internal.statusCode).toBe(400);
    const acme = await identityClient(suite.server, 'acme').login('ana.souza@acme.example');
    expect(acme.statusCode).toBe(200);
    expect(acme.json().tenant).toBe('acme');
  });

  it('given twelve wrong passwords for one account sent at once from one address, when they are checked, then only the five free ones are and the others get 429', async () => {
    const client = identityClient(suite.server);
    const email = 'simultaneous@tessera.example';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        client.request({
          method: 'POST',
          url: '/identity/login',
          body: { email, password: `Wrong#${attempt}` },
          remoteAddress: '10.0.0.12',
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
  });

  it('given five failures in a minute from one address, when trying a sixth time, then 429 TOO_MANY_ATTEMPTS with Retry-After', async () => {
    const client = identityClient(suite.server);
    const email = 'burst@tessera.example';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const response = await client.request({
        method: 'POST',
        url: '/identity/login',
        body: { email, password: `Wrong#${attempt}` },
        remoteAddress: '10.0.0.5',
      });
      expect(response.statusCode, `attempt ${attempt}`).toBe(400);
    }
    const sixth = await client.request({
      method: 'POST',
      url: '/identity/login',
      body: { email, password: 'Wrong#6' },
      remoteAddress: '10.0.0.5',
    });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const otherAddress = await client.request({
      method: 'POST',
      url: '/identity/login',
      body: { email, password: 'Wrong#7' },
      remoteAddress: '10.0.0.6',
    });
    expect(otherAddress.statusCode).toBe(400);
  });

  it('given failures older than a minute, when trying again, then the burst limit no longer applies', async () => {
    const client = identityClient(suite.server);
    const email = 'slow@tessera.example';
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await client.request({
        method: 'POST',
        url: '/identity/login',
        body: { email, password: 'Wrong#1' },
        remoteAddress: '10.0.1.1',
      });
    }
    await suite.server.database.db
      .updateTable('login_failures')
      .set({ at: sql<Date>`at - interval '61 seconds'` })
      .where('email', '=', email)
      .execute();
    const later = await client.request({
      method: 'POST',
      url: '/identity/login',
      body: { email, password: 'Wrong#1' },
      remoteAddress: '10.0.1.1',
    });
    expect(later.statusCode).toBe(400);
  });

  it('given 20 wrong passwords from one address, when the right password comes from another address, then it signs in: no account lock', async () => {
    const client = identityClient(suite.server);
    const email = 'javier.morales@tessera.example';
    await suite.server.database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 20 }, () => ({ tenant: 'internal', email, ip: '10.1.0.1' })))
      .execute();
    const attacker = await client.request({
      method: 'POST',
      url: '/identity/login',
      body: { email, password: 'Tessera#2026' },
      remoteAddress: '10.1.0.1',
    });
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().code).toBe('TOO_MANY_ATTEMPTS');

    const owner = await client.request({
      method: 'POST',
      url: '/identity/login',
      body: { email, password: 'Tessera#2026' },
      remoteAddress: '10.2.0.1',
    });
    expect(owner.statusCode).toBe(200);
  });

  it('given more failures for one account and address, when waiting, then each delay doubles', async () => {
    const client = identityClient(suite.server);
    const email = 'growing@tessera.example';
    const attempt = () =>
      client.request({
        method: 'POST',
        url: '/identity/login',
        body: { email, password: 'Wrong#1' },
        remoteAddress: '10.4.0.1',
      });
    const age = (seconds: number) =>
      suite.server.database.db
        .updateTable('login_failures')
        .set({ at: sql<Date>`at - make_interval(secs => ${seconds})` })
        .where('email', '=', email)
        .execute();
    for (let i = 0; i < 5; i += 1) expect((await attempt()).statusCode).toBe(400);
    const first = await attempt();
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers['retry-after'])).toBeGreaterThan(50);
    expect(Number(first.headers['retry-after'])).toBeLessThanOrEqual(60);

    await age(61);
    expect((await attempt()).statusCode).toBe(400);
    const second = await attempt();
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(110);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(120);

    await age(121);
    expect((await attempt()).statusCode).toBe(400);
    expect(Number((await attempt()).headers['retry-after'])).toBeGreaterThan(230);
  });

  it('given many unknown emails from one address, when the limit is reached, then an email it got wrong waits from its first failure and others are still checked', async () => {
    const client = identityClient(suite.server);
    const tryEmail = (email: string, remoteAddress: string) =>
      client.request({
        method: 'POST',
        url: '/identity/login',
        body: { email, password: 'Guess#2026' },
        remoteAddress,
      });
    for (let i = 0; i < 30; i += 1) {
      expect((await tryEmail(`ghost${i}@tessera.example`, '10.5.0.1')).statusCode).toBe(400);
    }
    const again = await tryEmail('ghost0@tessera.example', '10.5.0.1');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    // An email the address has not failed on is checked, known or not: nothing tells them apart.
    expect((await tryEmail('ghost-next@tessera.example', '10.5.0.1')).statusCode).toBe(400);
    expect((await tryEmail('claire.dubois@tessera.example', '10.5.0.1')).statusCode).toBe(400);
    expect((await tryEmail('ghost0@tessera.example', '10.5.0.2')).statusCode).toBe(400);
  });

  it('given a successful sign-in, when counting failures, then the earlier ones are forgotten', async () => {
    const client = identityClient(suite.server);
    const email = 'priya.nair@tessera.example';
    await client.login(email, 'Wrong#2026');
    await client.login(email);
    const left = await suite.server.database.db
      .selectFrom('login_failures')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(left).toHaveLength(0);
  });

  it('given a request over https through a trusted proxy, when signing in, then the cookie is Secure', async () => {
    const app = await buildApp({
      config: testConfig({ trustProxy: true }),
      database: suite.server.database,
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/identity/login',
        headers: { host: 'localhost', 'x-forwarded-proto': 'https' },
        payload: { email: LUCAS, password: 'Tessera#2026' },
      });
      expect(response.statusCode).toBe(200);
      const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Lax', path: '/' });
    } finally {
      await app.close();
    }
  });

  it('given x-forwarded-proto without a trusted proxy, when signing in, then the header is ignored', async () => {
    const client = identityClient(suite.server);
    const response = await client.request({
      method: 'POST',
      url: '/identity/login',
      body: { email: LUCAS, password: 'Tessera#2026' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBeFalsy();
  });
});
