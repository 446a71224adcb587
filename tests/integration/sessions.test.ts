import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { requirePrivilege, sessionOf } from '../../server/fastify/session';
import { testConfig } from '../../server/testing/startTestServer';
import { identityClient, type IdentityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';

const NEW_PASSWORD = 'Fresh#Start2026';

describe('sessions', () => {
  const suite = setUpTestServer();

  const signedIn = async (email: string, tenant = 'internal'): Promise<IdentityClient> => {
    const client = identityClient(suite.server, tenant);
    const response = await client.login(email);
    expect(response.statusCode, `sign-in of ${email}`).toBeLessThan(400);
    return client;
  };

  it('given no cookie, when checking the session, then 401 NOT_AUTHENTICATED', async () => {
    const response = await identityClient(suite.server).request({
      url: '/identity/authorizationStatus',
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
  });

  it('given a full session, when checking it and loading the account, then 200 with the email and groups', async () => {
    const client = await signedIn('maria.garcia@tessera.example');
    const status = await client.request({ url: '/identity/authorizationStatus' });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ status: 'AUTHORIZED', email: 'maria.garcia@tessera.example' });
    const account = await client.request({ url: '/identity/account' });
    expect(account.json()).toMatchObject({
      id: 'mgarcia',
      groups: ['credit-committee', 'loan-officers'],
      privileges: ['access-task', 'access-bo'],
    });
  });

  it('given a session, when signing out, then the cookie is cleared and the session is dead', async () => {
    const client = await signedIn('amara.okafor@tessera.example');
    const cookie = client.cookie;
    const out = await client.request({
      url: '/identity/signOut',
      headers: { 'x-tenant-name': 'internal' },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ status: 'SIGNED_OUT' });
    expect(client.cookie).toBeUndefined();
    client.cookie = cookie;
    expect((await client.request({ url: '/identity/authorizationStatus' })).statusCode).toBe(401);
  });

  it('given a session idle for longer than the limit, when used, then 401', async () => {
    const client = await signedIn('amara.okafor@tessera.example');
    await suite.server.database.db
      .updateTable('sessions')
      .set({ last_seen_at: sql<Date>`now() - interval '31 minutes'` })
      .where('user_id', '=', 'aokafor')
      .execute();
    expect((await client.request({ url: '/identity/account' })).statusCode).toBe(401);
  });

  it('given a session past its absolute end, when used while active, then 401', async () => {
    const client = await signedIn('amara.okafor@tessera.example');
    await suite.server.database.db
      .updateTable('sessions')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', 'aokafor')
      .execute();
    expect((await client.request({ url: '/identity/account' })).statusCode).toBe(401);
  });

  it('given an acme session cookie, when sent to the internal host, then it is worth nothing', async () => {
    const acme = await signedIn('ana.souza@acme.example', 'acme');
    expect((await acme.request({ url: '/identity/account' })).statusCode).toBe(200);
    const internal = identityClient(suite.server);
    internal.cookie = acme.cookie;
    expect((await internal.request({ url: '/identity/account' })).statusCode).toBe(401);
    expect((await internal.request({ url: '/identity/authorizationStatus' })).statusCode).toBe(401);
  });

  describe('the must-change-password flow', () => {
    it('given a user who must change the password, when signing in, then 307 with a password-change session', async () => {
      const client = identityClient(suite.server);
      const response = await client.login('theo.bernard@tessera.example');
      expect(response.statusCode).toBe(307);
      expect(response.json()).toEqual({ code: 'PASSWORD_CHANGE_REQUIRED' });
      expect(client.cookie).toBeDefined();
      expect((await client.request({ url: '/identity/authorizationStatus' })).statusCode).toBe(307);
    });

    it('given a password-change session, when calling anything but the password calls, then 401', async () => {
      const client = identityClient(suite.server);
      await client.login('theo.bernard@tessera.example');
      const account = await client.request({ url: '/identity/account' });
      expect(account.statusCode).toBe(401);
      expect(account.json().code).toBe('PASSWORD_CHANGE_REQUIRED');
      const settings = await client.request({ url: '/identity/password-settings' });
      expect(settings.statusCode).toBe(200);
      expect(settings.json()).toMatchObject({
        email: 'theo.bernard@tessera.example',
        settings: { minLength: 8, maxLength: 64, minSpecialCharacters: 1 },
      });
    });

    it('given a password-change session, when the new password is weak, then 422 WEAK_PASSWORD with the broken rules', async () => {
      const client = identityClient(suite.server);
      await client.login('theo.bernard@tessera.example');
      const response = await client.request({
        method: 'POST',
        url: '/identity/password',
        body: { email: 'theo.bernard@tessera.example', password: 'short' },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json();
      expect(body.code).toBe('WEAK_PASSWORD');
      expect(body.details.map((d: { code: string }) => d.code)).toEqual([
        'password.length',
        'password.digits',
        'password.uppercase',
        'password.special',
      ]);
    });

    it('given the current password as the new one, when changing, then 422 PASSWORD_REUSED', async () => {
      const client = identityClient(suite.server);
      await client.login('theo.bernard@tessera.example');
      const response = await client.request({
        method: 'POST',
        url: '/identity/password',
        body: { email: 'theo.bernard@tessera.example', password: 'Tessera#2026' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().code).toBe('PASSWORD_REUSED');
      expect(response.json().details[0].code).toBe('password.reused');
    });

    it('given another email than the session, when changing the password, then 400 EMAIL_MISMATCH', async () => {
      const client = identityClient(suite.server);
      await client.login('theo.bernard@tessera.example');
      const response = await client.request({
        method: 'POST',
        url: '/identity/password',
        body: { email: 'lucas.martin@tessera.example', password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('EMAIL_MISMATCH');
    });

    it('given a good new password, when changing it, then every session ends and the new password signs in fully', async () => {
      const other = await signedIn('theo.bernard@tessera.example');
      const client = identityClient(suite.server);
      await client.login('theo.bernard@tessera.example');
      const cookie = client.cookie;
      const response = await client.request({
        method: 'POST',
        url: '/identity/password',
        body: { email: 'Theo.Bernard@tessera.example', password: NEW_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'PASSWORD_UPDATED' });
      expect(client.cookie).toBeUndefined();
      client.cookie = cookie;
      expect((await client.request({ url: '/identity/password-settings' })).statusCode).toBe(401);
      expect((await other.request({ url: '/identity/password-settings' })).statusCode).toBe(401);

      expect(
        (await identityClient(suite.server).login('theo.bernard@tessera.example')).statusCode,
      ).toBe(400);
      const fresh = identityClient(suite.server);
      expect((await fresh.login('theo.bernard@tessera.example', NEW_PASSWORD)).statusCode).toBe(
        200,
      );
      expect((await fresh.request({ url: '/identity/authorizationStatus' })).statusCode).toBe(200);
    });
  });

  it('given a full session and the current password, when changing the password, then all sessions of the user end', async () => {
    const phone = await signedIn('javier.morales@tessera.example');
    const laptop = await signedIn('javier.morales@tessera.example');
    const response = await laptop.request({
      method: 'POST',
      url: '/identity/password',
      body: {
        email: 'javier.morales@tessera.example',
        password: NEW_PASSWORD,
        currentPassword: 'Tessera#2026',
      },
    });
    expect(response.statusCode).toBe(200);
    expect((await phone.request({ url: '/identity/account' })).statusCode).toBe(401);
  });

  describe('the current password on a signed-in change', () => {
    const change = (client: IdentityClient, body: Record<string, string>) =>
      client.request({ method: 'POST', url: '/identity/password', body });

    it('given a full session without the current password, when changing, then 400 CURRENT_PASSWORD_REQUIRED and nothing changes', async () => {
      const client = await signedIn('lucas.martin@tessera.example');
      const response = await change(client, {
        email: 'lucas.martin@tessera.example',
        password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('CURRENT_PASSWORD_REQUIRED');
      expect((await client.request({ url: '/identity/account' })).statusCode).toBe(200);
      expect(
        (await identityClient(suite.server).login('lucas.martin@tessera.example')).statusCode,
      ).toBe(200);
    });

    it('given a full session with a wrong current password, when changing, then 400 WRONG_CURRENT_PASSWORD, counted like a failed sign-in', async () => {
      const client = await signedIn('amara.okafor@tessera.example');
      const response = await change(client, {
        email: 'amara.okafor@tessera.example',
        password: NEW_PASSWORD,
        currentPassword: 'Guess#2026',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('WRONG_CURRENT_PASSWORD');
      const failures = await suite.server.database.db
        .selectFrom('login_failures')
        .select('id')
        .where('email', '=', 'amara.okafor@tessera.example')
        .execute();
      expect(failures).toHaveLength(1);
      expect((await client.request({ url: '/identity/account' })).statusCode).toBe(200);
    });

    it('given the must-change session of a fresh sign-in, when changing without the current password, then it is accepted', async () => {
      const client = identityClient(suite.server);
      await suite.server.database.db
        .updateTable('users')
        .set({ must_change_password: true })
        .where('id', '=', 'mgarcia')
        .execute();
      const login = await client.login('maria.garcia@tessera.example');
      expect(login.statusCode).toBe(307);
      const response = await change(client, {
        email: 'maria.garcia@tessera.example',
        password: NEW_PASSWORD,
      });
      expect(response.statusCode).toBe(200);
    });
  });

  it('given no session, when changing a password or reading signed-in settings, then 401', async () => {
    const client = identityClient(suite.server);
    const change = await client.request({
      method: 'POST',
      url: '/identity/password',
      body: { email: 'lucas.martin@tessera.example', password: NEW_PASSWORD },
    });
    expect(change.statusCode).toBe(401);
    expect((await client.request({ url: '/identity/password-settings' })).statusCode).toBe(401);
  });

  describe('requirePrivilege on a later route', () => {
    const app = { current: undefined as Awaited<ReturnType<typeof buildApp>> | undefined };

    beforeAll(async () => {
      const built = await buildApp({ config: testConfig(), database: suite.server.database });
      built.get(
        '/api/test/needs-task',
        { preHandler: requirePrivilege('access-task') },
        async (request) => ({ user: sessionOf(request).user.id }),
      );
      await built.ready();
      app.current = built;
    });
    afterAll(async () => {
      await app.current?.close();
    });

    const callWith = async (email: string | undefined) => {
      const built = app.current;
      if (!built) throw new Error('app not built');
      let cookie = '';
      if (email) {
        const login = await built.inject({
          method: 'POST',
          url: '/identity/login',
          headers: { host: 'localhost' },
          payload: { email, password: 'Tessera#2026' },
        });
        cookie = `tessera_session=${login.cookies[0]?.value ?? ''}`;
      }
      return built.inject({ url: '/api/test/needs-task', headers: { host: 'localhost', cookie } });
    };

    it('given a user with access-task, when calling, then 200', async () => {
      const response = await callWith('claire.dubois@tessera.example');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: 'cdubois' });
    });

    it('given a user without access-task, when calling, then 403 INSUFFICIENT_PRIVILEGES', async () => {
      const response = await callWith('elena.vidal@tessera.example');
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('INSUFFICIENT_PRIVILEGES');
    });

    it('given no session, when calling, then 401', async () => {
      expect((await callWith(undefined)).statusCode).toBe(401);
    });
  });
});
