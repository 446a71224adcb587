import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ANALYSIS_ACCOUNT_HEADER,
  ANALYSIS_CLIENT_ID,
  AnalysisPath,
  OAUTH_CALLBACK_PATH,
  type AnalysisDataAnswer,
  type AnalysisStatusAnswer,
} from '../../schemas/api/analysis';
import type { ErrorBody } from '../../schemas/api/common';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { DEMO_RECORD_COUNTS } from '../../server/seed/demoRecords';
import { call, EMAIL, signIn } from '../../server/workflow/testing/taskTestKit';
import { seedRecordsForTenants } from '../helpers/seedRecordsForTenants';
import type { TestServer } from '../../server/testing/startTestServer';
import { setUpTestServer } from '../helpers/setUpTestServer';
import type { IdentityClient } from './identityClient';

const LOANS_CHECK = AnalysisPath.check('loans', 1);
const LOANS_QUERY = '?status=decision&amount=loanAmount&date=disbursementDate';

/** A PKCE pair (RFC 7636, S256). */
function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Walks the browser's part of the sign-in as the popup would: the authorization request,
 * the provider's interaction (answered by the Tessera session) and its redirect to the
 * callback, carrying the provider's own cookies along. Returns the callback's code.
 */
async function authorizeAt(
  server: TestServer,
  client: IdentityClient,
  challenge: string,
): Promise<string> {
  const jar = new Map<string, string>();
  const origin = `http://${client.host}`;
  const query = new URLSearchParams({
    client_id: ANALYSIS_CLIENT_ID,
    response_type: 'code',
    scope: 'openid email',
    redirect_uri: `${origin}${OAUTH_CALLBACK_PATH}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'state-1',
    prompt: 'login',
  });
  let url = `${AnalysisPath.idp}/auth?${query.toString()}`;
  for (let hop = 0; hop < 6; hop += 1) {
    const cookies = [...jar].map(([name, value]) => `${name}=${value}`);
    if (client.cookie) cookies.push(`${SESSION_COOKIE}=${client.cookie}`);
    const response = await server.app.inject({
      method: 'GET',
      url,
      headers: { host: client.host, cookie: cookies.join('; ') },
    });
    for (const cookie of response.cookies) jar.set(cookie.name, cookie.value);
    const location = response.headers.location;
    expect(response.statusCode, response.body).toBeGreaterThanOrEqual(300);
    expect(typeof location).toBe('string');
    const next = new URL(String(location), origin);
    if (next.pathname === OAUTH_CALLBACK_PATH) {
      expect(next.origin).toBe(origin);
      expect(next.searchParams.get('state')).toBe('state-1');
      return next.searchParams.get('code') ?? '';
    }
    url = `${next.pathname}${next.search}`;
  }
  throw new Error('The sign-in never reached the callback.');
}

describe('analysis tab: consent, sign-in and charts', () => {
  const suite = setUpTestServer();
  let claire: IdentityClient;
  let lucas: IdentityClient;
  let ana: IdentityClient;

  beforeAll(async () => {
    const { db } = suite.server.database;
    await seedRecordsForTenants(db);
    claire = await signIn(suite.server, EMAIL.cdubois);
    lucas = await signIn(suite.server, EMAIL.lmartin);
    ana = await signIn(suite.server, EMAIL.asouza, 'acme');
  }, 300_000);

  const authorize = (client: IdentityClient, challenge: string) =>
    authorizeAt(suite.server, client, challenge);

  it('given an analyst without consent, when she asks, records it and asks again, then the check turns true', async () => {
    const before = await call(claire, 'GET', LOANS_CHECK);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ result: false });
    const recorded = await call(claire, 'POST', LOANS_CHECK);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toEqual({ reportAnalysisCheck: true });
    const after = await call(claire, 'GET', LOANS_CHECK);
    expect(after.json()).toEqual({ result: true });
  });

  it('given a user without access-bo, when she asks for the check, then 403', async () => {
    const response = await call(lucas, 'GET', LOANS_CHECK);
    expect(response.statusCode).toBe(403);
    expect((await call(lucas, 'GET', AnalysisPath.status)).statusCode).toBe(403);
  });

  it('given another tenant without loans, when its analyst asks for the loans check, then 404 and nothing of internal is seen', async () => {
    const response = await call(ana, 'POST', LOANS_CHECK);
    expect(response.statusCode).toBe(404);
    expect(response.json<ErrorBody>().code).toBe('NOT_FOUND');
  });

  it('given an object without an analysis address, when the check is asked for, then 404', async () => {
    const response = await call(claire, 'GET', AnalysisPath.check('customers', 1));
    expect(response.statusCode).toBe(404);
  });

  it('given no external sign-in, when the status, the figures and the page are asked for, then no account header and 403 for the charts', async () => {
    const status = await call(claire, 'GET', AnalysisPath.status);
    expect(status.statusCode).toBe(200);
    expect(status.headers[ANALYSIS_ACCOUNT_HEADER]).toBeUndefined();
    const answer = status.json<AnalysisStatusAnswer>();
    expect(answer.authorizationEndpoint).toBe(`http://${claire.host}${AnalysisPath.idp}/auth`);
    expect(answer.clientId).toBe(ANALYSIS_CLIENT_ID);
    const data = await call(claire, 'GET', `${AnalysisPath.data('loans', 1)}${LOANS_QUERY}`);
    expect(data.statusCode).toBe(403);
    const page = await call(claire, 'GET', `${AnalysisPath.report('loans', 1)}${LOANS_QUERY}`);
    expect(page.statusCode).toBe(403);
  });

  it('given nobody signed in to Tessera, when the provider asks who it is, then it refuses to issue an identity', async () => {
    const { challenge } = pkcePair();
    const anonymous = { ...claire, cookie: undefined } as IdentityClient;
    await expect(authorize(anonymous, challenge)).rejects.toThrow();
  });

  it('given a code, when it is exchanged with the wrong verifier, then 400 and no identity is kept', async () => {
    const { challenge } = pkcePair();
    const code = await authorize(claire, challenge);
    const wrong = await call(claire, 'POST', AnalysisPath.token, {
      code,
      codeVerifier: pkcePair().verifier,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ErrorBody>().details?.[0]?.code).toBe('analysis.codeRefused');
    const status = await call(claire, 'GET', AnalysisPath.status);
    expect(status.headers[ANALYSIS_ACCOUNT_HEADER]).toBeUndefined();
  });

  it('given a code and its verifier, when exchanged, then the status header names the account, the figures and the frameable page answer, and the code cannot be used twice', async () => {
    const { verifier, challenge } = pkcePair();
    const code = await authorize(claire, challenge);
    const exchanged = await call(claire, 'POST', AnalysisPath.token, {
      code,
      codeVerifier: verifier,
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json()).toEqual({ email: EMAIL.cdubois });

    const status = await call(claire, 'GET', AnalysisPath.status);
    expect(status.headers[ANALYSIS_ACCOUNT_HEADER]).toBe(EMAIL.cdubois);

    const data = await call(claire, 'GET', `${AnalysisPath.data('loans', 1)}${LOANS_QUERY}`);
    expect(data.statusCode).toBe(200);
    const figures = data.json<AnalysisDataAnswer>().result;
    expect(figures.total).toBe(DEMO_RECORD_COUNTS.loans);
    expect(figures.byStatus.reduce((sum, row) => sum + row.count, 0)).toBe(
      DEMO_RECORD_COUNTS.loans,
    );
    expect(figures.byMonth.length).toBeGreaterThan(0);

    const page = await call(
      claire,
      'GET',
      `${AnalysisPath.report('loans', 1)}${LOANS_QUERY}&lang=fr`,
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<html lang="fr">');
    expect(page.body).toContain('<h1>Prêts : analyse</h1>');
    expect(page.body).toContain('<svg');

    const again = await call(claire, 'POST', AnalysisPath.token, { code, codeVerifier: verifier });
    expect(again.statusCode).toBe(400);
  });

  it('given chart fields of the wrong type, when the figures are asked for, then 400', async () => {
    const response = await call(
      claire,
      'GET',
      `${AnalysisPath.data('loans', 1)}?status=decision&amount=decision&date=disbursementDate`,
    );
    expect(response.statusCode).toBe(400);
  });

  it('given any other page, when it is answered, then it still may not be framed and frames only this origin', async () => {
    const response = await call(claire, 'GET', AnalysisPath.status);
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("frame-src 'self'");
  });
});

describe("analysis tab: only accounts of the identity provider's domain", () => {
  const suite = setUpTestServer();
  let claire: IdentityClient;

  /** Signs in, exchanges a fresh code as the records screen would, and answers the exchange. */
  async function signInToAnalysis(client: IdentityClient) {
    const { verifier, challenge } = pkcePair();
    const code = await authorizeAt(suite.server, client, challenge);
    return call(client, 'POST', AnalysisPath.token, { code, codeVerifier: verifier });
  }

  /** Status, figures and page as a client that is not signed in with the provider sees them. */
  async function expectNotSignedIn(client: IdentityClient) {
    const status = await call(client, 'GET', AnalysisPath.status);
    expect(status.statusCode).toBe(200);
    expect(status.headers[ANALYSIS_ACCOUNT_HEADER]).toBeUndefined();
    const data = await call(client, 'GET', `${AnalysisPath.data('loans', 1)}${LOANS_QUERY}`);
    expect(data.statusCode).toBe(403);
    const page = await call(client, 'GET', `${AnalysisPath.report('loans', 1)}${LOANS_QUERY}`);
    expect(page.statusCode).toBe(403);
  }

  beforeAll(async () => {
    await seedRecordsForTenants(suite.server.database.db);
    claire = await signIn(suite.server, EMAIL.cdubois);
  }, 300_000);

  it("given an account of the provider's domain, when it signs in, then the header names it and the figures answer", async () => {
    const exchanged = await signInToAnalysis(claire);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    const status = await call(claire, 'GET', AnalysisPath.status);
    expect(status.headers[ANALYSIS_ACCOUNT_HEADER]).toBe(EMAIL.cdubois);
    const data = await call(claire, 'GET', `${AnalysisPath.data('loans', 1)}${LOANS_QUERY}`);
    expect(data.statusCode).toBe(200);
  });

  it("given a kept account whose domain is not the provider's, when the status and the charts are asked for, then it counts as not signed in", async () => {
    const exchanged = await signInToAnalysis(claire);
    expect(exchanged.statusCode).toBe(200);
    // As if the account had been kept before its domain stopped being the provider's.
    await suite.server.database.db
      .updateTable('analysis_identities')
      .set({ email: 'claire.dubois@tessera.example.partner.test' })
      .where('tenant', '=', 'internal')
      .execute();
    await expectNotSignedIn(claire);
  });

  it.each([['claire.dubois@partner.test'], ['claire.dubois@acme.example']])(
    'given a staff member whose account is %s, when she signs in with the provider, then 403, nothing is kept and she is not signed in',
    async (foreign) => {
      const { db } = suite.server.database;
      await db.deleteFrom('analysis_identities').execute();
      await db
        .updateTable('users')
        .set({ email: foreign })
        .where('tenant', '=', 'internal')
        .where('email', '=', EMAIL.cdubois)
        .execute();
      try {
        const outsider = await signIn(suite.server, foreign);
        const exchanged = await signInToAnalysis(outsider);
        expect(exchanged.statusCode).toBe(403);
        expect(exchanged.json<ErrorBody>().code).toBe('FORBIDDEN');
        expect(exchanged.headers[ANALYSIS_ACCOUNT_HEADER]).toBeUndefined();
        expect(await db.selectFrom('analysis_identities').selectAll().execute()).toEqual([]);
        await expectNotSignedIn(outsider);
      } finally {
        await db
          .updateTable('users')
          .set({ email: EMAIL.cdubois })
          .where('tenant', '=', 'internal')
          .where('email', '=', foreign)
          .execute();
      }
    },
  );
});
