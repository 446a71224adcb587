import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readOutbox, type TestServer } from '../../server/testing/startTestServer';
import { identityClient } from './identityClient';
import { setUpTestServer } from '../helpers/setUpTestServer';

const CLAIRE = 'claire.dubois@tessera.example';
const NEW_PASSWORD = 'Nouveau#Depart7';

/** The code and link of the newest mail to `to`. */
async function latestLink(server: TestServer, tenant: string, to: string) {
  const mail = (await readOutbox(server, tenant)).find((m) => m.to === to);
  if (!mail) throw new Error(`no mail to ${to}`);
  const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
  const url = new URL(link);
  return { mail, url, code: url.searchParams.get('oobCode') ?? '' };
}

describe('password reset by mail', () => {
  const suite = setUpTestServer();

  /** Requests a reset and waits for the mail, which is written after the answer. */
  const requestReset = async (
    email: string,
    tenant = 'internal',
    headers: Record<string, string> = {},
    language?: string,
  ) => {
    const response = await identityClient(suite.server, tenant).request({
      method: 'POST',
      url: '/identity/password/reset-request',
      body: language ? { email, language } : { email },
      headers,
    });
    await suite.server.app.afterAnswer.settled();
    return response;
  };

  it('given a known and an unknown email, when requesting a reset, then both answer 202 with the same body', async () => {
    const known = await requestReset(CLAIRE);
    const unknown = await requestReset('nobody@tessera.example');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    const mails = await readOutbox(suite.server, 'internal');
    expect(mails.some((m) => m.to === 'nobody@tessera.example')).toBe(false);
    expect(mails.filter((m) => m.to === CLAIRE)).toHaveLength(1);
  });

  it('given a known email, when the mail is written, then it is in the user locale with a link to the reset page', async () => {
    const { mail, url, code } = await latestLink(suite.server, 'internal', CLAIRE);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Tessera');
    expect(`${url.origin}${url.pathname}`).toBe(
      `http://localhost:${suite.server.port}/accounts/password/reset`,
    );
    expect(url.searchParams.get('tenant')).toBe('internal');
    expect(code).toMatch(/^[\w-]{43}$/);
    const stored = await suite.server.database.db
      .selectFrom('password_resets')
      .select('code_hash')
      .execute();
    expect(stored.map((r) => r.code_hash)).not.toContain(code);
  });

  it('given a language in the request, when the mail is written, then that language wins', async () => {
    await requestReset('lucas.martin@tessera.example', 'internal', {}, 'es');
    const { mail } = await latestLink(suite.server, 'internal', 'lucas.martin@tessera.example');
    expect(mail.subject).toBe('Restablezca su contraseña de Tessera');
  });

  it('given a spoofed Host or X-Forwarded-Host, when requesting a reset, then the foreign Host is refused and the link uses the configured origin', async () => {
    const foreignHost = await requestReset('ana.souza@acme.example', 'acme', {
      host: 'acme.attacker.example',
    });
    expect(foreignHost.statusCode).toBe(421);
    expect(foreignHost.json().code).toBe('HOST_NOT_ALLOWED');
    const forwarded = await requestReset('ana.souza@acme.example', 'acme', {
      'x-forwarded-host': 'attacker.example',
    });
    expect(forwarded.statusCode).toBe(202);
    const { url } = await latestLink(suite.server, 'acme', 'ana.souza@acme.example');
    expect(url.origin).toBe(`http://acme.localhost:${suite.server.port}`);
    expect(url.searchParams.get('tenant')).toBe('acme');
  });

  it('given a tenant base URL, when requesting a reset, then the link uses it', async () => {
    await suite.server.database.db
      .updateTable('tenants')
      .set({ base_url: 'https://credit.acme.example/' })
      .where('name', '=', 'acme')
      .execute();
    try {
      await requestReset('ana.souza@acme.example', 'acme');
      const { url } = await latestLink(suite.server, 'acme', 'ana.souza@acme.example');
      expect(url.origin).toBe('https://credit.acme.example');
    } finally {
      await suite.server.database.db
        .updateTable('tenants')
        .set({ base_url: null })
        .where('name', '=', 'acme')
        .execute();
    }
  });

  it('given a valid code, when verifying it, then the email comes back', async () => {
    const { code } = await latestLink(suite.server, 'internal', CLAIRE);
    const response = await identityClient(suite.server).request({
      method: 'POST',
      url: `/identity/accounts/internal/verify/reset-password?oobCode=${code}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: { email: CLAIRE } });
  });

  it('given an unknown code or another tenant, when verifying, then 400 INVALID_OOB_CODE or TENANT_MISMATCH', async () => {
    const { code } = await latestLink(suite.server, 'internal', CLAIRE);
    const client = identityClient(suite.server);
    const unknown = await client.request({
      method: 'POST',
      url: `/identity/accounts/internal/verify/reset-password?oobCode=${'x'.repeat(43)}`,
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('INVALID_OOB_CODE');
    const atAcme = await identityClient(suite.server, 'acme').request({
      method: 'POST',
      url: `/identity/accounts/acme/verify/reset-password?oobCode=${code}`,
    });
    expect(atAcme.json().code).toBe('INVALID_OOB_CODE');
    const mismatch = await client.request({
      method: 'POST',
      url: `/identity/accounts/acme/verify/reset-password?oobCode=${code}`,
    });
    expect(mismatch.json().code).toBe('TENANT_MISMATCH');
  });

  it('given a weak new password, when resetting, then 422 WEAK_PASSWORD and the code stays usable', async () => {
    const { code } = await latestLink(suite.server, 'internal', CLAIRE);
    const response = await identityClient(suite.server).request({
      method: 'POST',
      url: '/identity/password/reset',
      body: { email: CLAIRE, newPassword: 'weakpassword', oobCode: code, tenantId: 'internal' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('WEAK_PASSWORD');
    expect(response.json().details[0].path).toBe('newPassword');
  });

  it('given a valid code, when resetting, then the password changes, sessions end and the code is spent', async () => {
    const session = identityClient(suite.server);
    await session.login(CLAIRE);
    const { code } = await latestLink(suite.server, 'internal', CLAIRE);
    const client = identityClient(suite.server);
    const body = { email: CLAIRE, newPassword: NEW_PASSWORD, oobCode: code, tenantId: 'internal' };
    const reset = await client.request({ method: 'POST', url: '/identity/password/reset', body });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: 'PASSWORD_RESET' });

    expect((await session.request({ url: '/identity/account' })).statusCode).toBe(401);
    expect((await identityClient(suite.server).login(CLAIRE, NEW_PASSWORD)).statusCode).toBe(200);

    const again = await client.request({
      method: 'POST',
      url: '/identity/password/reset',
      body: { ...body, newPassword: 'Another#Try99' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_OOB_CODE');
    const verify = await client.request({
      method: 'POST',
      url: `/identity/accounts/internal/verify/reset-password?oobCode=${code}`,
    });
    expect(verify.json().code).toBe('INVALID_OOB_CODE');
  });

  it('given an expired code, when verifying or resetting, then 400 EXPIRED_OOB_CODE', async () => {
    const email = 'amara.okafor@tessera.example';
    await requestReset(email);
    const { code } = await latestLink(suite.server, 'internal', email);
    await suite.server.database.db
      .updateTable('password_resets')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', 'aokafor')
      .execute();
    const client = identityClient(suite.server);
    const verify = await client.request({
      method: 'POST',
      url: `/identity/accounts/internal/verify/reset-password?oobCode=${code}`,
    });
    expect(verify.statusCode).toBe(400);
    expect(verify.json().code).toBe('EXPIRED_OOB_CODE');
    const reset = await client.request({
      method: 'POST',
      url: '/identity/password/reset',
      body: { email, newPassword: NEW_PASSWORD, oobCode: code, tenantId: 'internal' },
    });
    expect(reset.json().code).toBe('EXPIRED_OOB_CODE');
  });

  it('given a code for one account, when resetting another email with it, then 400 INVALID_OOB_CODE', async () => {
    const email = 'priya.nair@tessera.example';
    await requestReset(email);
    const { code } = await latestLink(suite.server, 'internal', email);
    const response = await identityClient(suite.server).request({
      method: 'POST',
      url: '/identity/password/reset',
      body: { email: CLAIRE, newPassword: NEW_PASSWORD, oobCode: code, tenantId: 'internal' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_OOB_CODE');
  });

  it('given a reset, when sign-in was throttled for the account, then the throttle is lifted', async () => {
    const email = 'maria.garcia@tessera.example';
    await suite.server.database.db
      .insertInto('login_failures')
      .values(Array.from({ length: 20 }, () => ({ tenant: 'internal', email, ip: '127.0.0.1' })))
      .execute();
    expect((await identityClient(suite.server).login(email)).statusCode).toBe(429);
    await requestReset(email);
    const { code } = await latestLink(suite.server, 'internal', email);
    const reset = await identityClient(suite.server).request({
      method: 'POST',
      url: '/identity/password/reset',
      body: { email, newPassword: NEW_PASSWORD, oobCode: code, tenantId: 'internal' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await identityClient(suite.server).login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('given many requests for one user, when counting mails, then at most five go out per hour', async () => {
    const email = 'javier.morales@tessera.example';
    for (let i = 0; i < 7; i += 1) expect((await requestReset(email)).statusCode).toBe(202);
    const mails = (await readOutbox(suite.server, 'internal', 100)).filter((m) => m.to === email);
    expect(mails).toHaveLength(5);
  });
});
