import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClientErrorPath, type ClientErrorReport } from '../../schemas/api/clientErrors';
import { ErrorCode, type ErrorBody } from '../../schemas/api/common';
import { buildApp } from '../../server/app';
import {
  CLIENT_ERRORS_KEPT_PER_TENANT,
  storeClientError,
} from '../../server/clientErrors/clientErrorRepository';
import { CLIENT_ERRORS_PER_MINUTE } from '../../server/clientErrors/clientErrorRoutes';
import { createClientErrorForwarder } from '../../server/clientErrors/sentryForwarder';
import { loadConfig } from '../../server/config';
import { seedIdentity } from '../../server/seed/seedIdentity';
import { startTestServer, testConfig, type TestServer } from '../../server/testing/startTestServer';
import { EMAIL } from '../../server/workflow/testing/taskTestKit';
import { identityClient, type IdentityClient } from './identityClient';

/** A render error as the task page's boundary sends it. */
const RENDER_ERROR: ClientErrorReport = {
  kind: 'render',
  name: 'Error',
  message: 'Objects are not valid as a React child (found: object with keys {text}).',
  stack:
    'Error: Objects are not valid\n    at throwOnInvalidObjectType (http://localhost/assets/index-Ab12.js:1:200)',
  componentStack: '\n    at CommentList\n    at TaskPage',
  route: '/process/task/42',
  release: 'tessera@0.1.0',
};

/** Everything a report must never keep, hidden in every text a report has. */
const SECRETS = {
  email: 'lucas.martin@tessera.example',
  oobCode: 'Xq3vR8nLm2Kp9sT4wY7zA1bC5dE6fG0hJ2kL3mN4pQ5',
  formValue: 'IBAN ES9121000418450200051332',
  password: 'Hunter#Secret2291',
};

const HOSTILE_REPORT: ClientErrorReport = {
  kind: 'error',
  name: 'SyntaxError',
  message: `Unexpected token, "${SECRETS.formValue}" is not valid JSON; user ${SECRETS.email} password=${SECRETS.password}`,
  stack: `SyntaxError\n    at http://localhost/accounts/password/reset?oobCode=${SECRETS.oobCode}&tenant=internal`,
  componentStack: `\n    at Field (value: "${SECRETS.formValue}")`,
  route: `/accounts/password/reset?oobCode=${SECRETS.oobCode}&tenant=internal#top`,
  release: 'tessera@0.1.0',
  details: {
    count: 3,
    requestType: 'allProperties',
    value: SECRETS.formValue,
    email: SECRETS.email,
  },
};

/**
 * A server with the demo tenants and staff only: error reports need no process or form, so
 * none is deployed.
 */
async function startReportServer(
  config: Parameters<typeof testConfig>[0] = {},
): Promise<TestServer> {
  const server = await startTestServer({ seed: false, config });
  await seedIdentity(server.database.db, testConfig().passwordHashing);
  return server;
}

describe('error reports of the browser app', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const logLines: string[] = [];

  /** A client of the app with the captured log, on the tenant's host. */
  const client = (tenant = 'internal'): IdentityClient =>
    identityClient({ ...server, app }, tenant);

  const report = (sender: IdentityClient, body: unknown, remoteAddress?: string) =>
    sender.request({
      method: 'POST',
      url: ClientErrorPath.report,
      body,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  const storedRows = (tenant: string) =>
    server.database.db
      .selectFrom('client_errors')
      .selectAll()
      .where('tenant', '=', tenant)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    server = await startReportServer();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      database: server.database,
      logger: { level: 'info', stream },
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it("given no session (the sign-in screen), when a report is sent, then it is stored for the host's tenant without a user and logged at warn", async () => {
    const anonymous = client();
    const response = await report(anonymous, { ...RENDER_ERROR, route: '/login' }, '10.0.0.1');
    expect(response.statusCode).toBe(202);
    const [row] = (await storedRows('internal')).filter((r) => r.route === '/login');
    expect(row).toMatchObject({ tenant: 'internal', user_id: null, kind: 'render' });
    const line = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find(
        (entry) => (entry['clientError'] as { route?: string } | undefined)?.route === '/login',
      );
    expect(line).toMatchObject({ level: 40, clientError: { tenant: 'internal', userId: null } });
  });

  it('given a signed-in user of acme, when a report is sent, then it belongs to acme and names that user', async () => {
    const ana = client('acme');
    expect((await ana.login(EMAIL.asouza)).statusCode).toBe(200);
    expect((await report(ana, RENDER_ERROR)).statusCode).toBe(202);
    const rows = await storedRows('acme');
    expect(rows.at(-1)).toMatchObject({ tenant: 'acme', route: '/process/task/42' });
    expect(rows.at(-1)?.user_id).toEqual(expect.any(String));
    const internalOnes = await storedRows('internal');
    expect(internalOnes.some((r) => r.user_id === rows.at(-1)?.user_id)).toBe(false);
  });

  it('given a report holding an email, a reset code, a password and a form value, when stored and logged, then none of them is kept', async () => {
    const sender = client();
    expect((await report(sender, HOSTILE_REPORT, '10.0.0.2')).statusCode).toBe(202);
    const row = (await storedRows('internal')).find((r) => r.name === 'SyntaxError');
    expect(row).toBeDefined();
    const stored = JSON.stringify(row);
    const logged = logLines.join('\n');
    for (const secret of Object.values(SECRETS)) {
      expect(stored).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
    expect(row?.route).toBe('/accounts/password/reset');
    expect(row?.details).toEqual({ count: 3, requestType: 'allProperties' });
    expect(row?.message).toContain('is not valid JSON');
  });

  it.each([
    ['a missing message', { ...RENDER_ERROR, message: undefined }],
    ['an unknown kind', { ...RENDER_ERROR, kind: 'panic' }],
    ['a property no report has', { ...RENDER_ERROR, formValues: { iban: SECRETS.formValue } }],
    ['a message over 1,000 characters', { ...RENDER_ERROR, message: 'x'.repeat(1001) }],
    ['a stack over 8,000 characters', { ...RENDER_ERROR, stack: 'x'.repeat(8001) }],
    ['a route that is not a path', { ...RENDER_ERROR, route: 'javascript:alert(1)' }],
    ['a detail that is an object', { ...RENDER_ERROR, details: { form: { iban: 'x' } } }],
    [
      '21 details',
      {
        ...RENDER_ERROR,
        details: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`d${i}`, i])),
      },
    ],
  ])('given %s, when sent, then it is refused with 400 and nothing is stored', async (_, body) => {
    const before = (await storedRows('internal')).length;
    const response = await report(client(), body, '10.0.0.3');
    expect(response.statusCode).toBe(400);
    expect((JSON.parse(response.body) as ErrorBody).code).toBe(ErrorCode.validation);
    expect(await storedRows('internal')).toHaveLength(before);
  });

  it.each([
    ['a NUL character', 'broken\u0000message'],
    ['a lone surrogate', 'broken\ud800message'],
  ])('given %s in the message, when sent, then the input guard refuses it', async (_, message) => {
    const response = await report(client(), { ...RENDER_ERROR, message }, '10.0.0.4');
    expect(response.statusCode).toBe(400);
    expect((JSON.parse(response.body) as ErrorBody).code).toBe(ErrorCode.invalidText);
  });

  it('given a body over 64 KB, when sent, then it is refused with 413', async () => {
    const padding = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`d${i}`, 'y'.repeat(200)]),
    );
    const body = JSON.stringify({ ...RENDER_ERROR, details: padding }).padEnd(65 * 1024, ' ');
    const response = await client().request({
      method: 'POST',
      url: ClientErrorPath.report,
      body,
      headers: { 'content-type': 'application/json' },
      remoteAddress: '10.0.0.5',
    });
    expect(response.statusCode).toBe(413);
  });

  it('given a browser that sent its budget of a minute, when it sends one more, then it gets 429 while another address still reports', async () => {
    const flooder = client();
    for (let sent = 0; sent < CLIENT_ERRORS_PER_MINUTE; sent += 1) {
      expect((await report(flooder, RENDER_ERROR, '10.0.0.6')).statusCode).toBe(202);
    }
    const refused = await report(flooder, RENDER_ERROR, '10.0.0.6');
    expect(refused.statusCode).toBe(429);
    expect((JSON.parse(refused.body) as ErrorBody).code).toBe(ErrorCode.rateLimited);
    expect((await report(client(), RENDER_ERROR, '10.0.0.7')).statusCode).toBe(202);
  });

  it('given a tenant at its limit of kept reports, when more arrive, then only its newest are kept and other tenants keep theirs', async () => {
    expect(CLIENT_ERRORS_KEPT_PER_TENANT).toBe(1000);
    const { db } = server.database;
    const acmeBefore = (await storedRows('acme')).length;
    const sender = { tenant: 'internal', userId: null, userAgent: 'test' };
    for (let index = 0; index < 5; index += 1) {
      await storeClientError(db, { ...RENDER_ERROR, route: `/bounded/${index}` }, sender, 3);
    }
    expect((await storedRows('internal')).map((row) => row.route)).toEqual([
      '/bounded/2',
      '/bounded/3',
      '/bounded/4',
    ]);
    expect(await storedRows('acme')).toHaveLength(acmeBefore);
  });
});

describe('forwarding error reports in the Sentry protocol', () => {
  let listener: Server;
  let listenerPort: number;
  const received: { url: string; body: string }[] = [];

  const readBody = async (request: IncomingMessage): Promise<string> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    return request.headers['content-encoding'] === 'gzip'
      ? gunzipSync(raw).toString('utf8')
      : raw.toString('utf8');
  };

  beforeAll(async () => {
    listener = createServer((request, response) => {
      void readBody(request).then((body) => {
        received.push({ url: request.url ?? '', body });
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    listenerPort = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => listener.close(resolve));
  });

  it('given no SENTRY_DSN, when the server starts and a report arrives, then no client is created and nothing is sent', async () => {
    expect(loadConfig({}).sentryDsn).toBeUndefined();
    expect(await createClientErrorForwarder({ dsn: undefined, environment: 'test' })).toBeNull();
    const server = await startReportServer();
    try {
      const response = await identityClient(server).request({
        method: 'POST',
        url: ClientErrorPath.report,
        body: RENDER_ERROR,
      });
      expect(response.statusCode).toBe(202);
      await server.app.afterAnswer.settled();
      expect(received).toEqual([]);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('given a SENTRY_DSN on a local listener, when a report arrives, then its envelope reaches the listener, scrubbed', async () => {
    const dsn = `http://publickey@127.0.0.1:${listenerPort}/42`;
    expect(loadConfig({ SENTRY_DSN: dsn }).sentryDsn).toBe(dsn);
    const server = await startReportServer({ sentryDsn: dsn });
    try {
      const ana = identityClient(server, 'acme');
      expect((await ana.login(EMAIL.asouza)).statusCode).toBe(200);
      const response = await ana.request({
        method: 'POST',
        url: ClientErrorPath.report,
        body: HOSTILE_REPORT,
      });
      expect(response.statusCode).toBe(202);
      await server.app.afterAnswer.settled();
      const envelope = received.find((entry) => entry.url.startsWith('/api/42/envelope/'));
      expect(received.map((entry) => entry.url)).toContain(envelope?.url);
      const [header, itemHeader, event] = (envelope?.body ?? '')
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(header).toMatchObject({ trace: { public_key: 'publickey', environment: 'test' } });
      expect(itemHeader).toMatchObject({ type: 'event' });
      expect(event).toMatchObject({
        level: 'error',
        release: 'tessera@0.1.0',
        tags: { tenant: 'acme', kind: 'error', route: '/accounts/password/reset' },
        user: { id: expect.any(String) },
      });
      for (const secret of Object.values(SECRETS)) expect(envelope?.body).not.toContain(secret);
    } finally {
      await server.close();
    }
  }, 180_000);

  it('given a SENTRY_DSN that is not a DSN, when the configuration is read, then the server refuses to start', () => {
    expect(() => loadConfig({ SENTRY_DSN: 'not a url' })).toThrow(/SENTRY_DSN/);
    expect(() => loadConfig({ SENTRY_DSN: 'https://sentry.example/1' })).toThrow(/SENTRY_DSN/);
  });
});
