import { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { buildApp } from '../../server/app';
import { loggableUrl } from '../../server/identity/safeLogging';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import {
  readOutbox,
  startTestServer,
  testConfig,
  type TestServer,
} from '../../server/testing/startTestServer';

const EMAIL = 'lucas.martin@tessera.example';
const RESET_PASSWORD = 'Reset#Secret4821';
const CHANGED_PASSWORD = 'Changed#Secret9377';

describe('secrets and the log', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig(),
      database: server.database,
      logger: { level: 'trace', stream },
    });
    await app.ready();
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it('given a full reset flow, when reading every log line, then no code, cookie, password or form value is in it', async () => {
    const cookies: string[] = [];
    const send = async (options: InjectOptions, cookie?: string) => {
      const response = await app.inject({
        ...options,
        headers: {
          host: 'localhost',
          ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
          authorization: 'Bearer not-for-logs-7781',
        },
      });
      const set = response.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
      if (set) cookies.push(set);
      return { response, cookie: set };
    };

    const first = await send({
      method: 'POST',
      url: IdentityPath.login,
      payload: { email: EMAIL, password: DEMO_PASSWORD },
    });
    expect(first.response.statusCode).toBe(200);
    await send({ method: 'POST', url: IdentityPath.resetRequest, payload: { email: EMAIL } });
    await app.afterAnswer.settled();
    const mail = (await readOutbox({ app }, 'internal')).find((m) => m.to === EMAIL);
    const code = new URL(
      /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? 'http://x',
    ).searchParams.get('oobCode');
    expect(code).toMatch(/^[\w-]{43}$/);
    const verify = await send({
      method: 'POST',
      url: `${IdentityPath.verifyReset('internal')}?oobCode=${code}`,
    });
    expect(verify.response.statusCode).toBe(200);
    const reset = await send({
      method: 'POST',
      url: IdentityPath.reset,
      payload: { email: EMAIL, newPassword: RESET_PASSWORD, oobCode: code, tenantId: 'internal' },
    });
    expect(reset.response.statusCode).toBe(200);
    const second = await send({
      method: 'POST',
      url: IdentityPath.login,
      payload: { email: EMAIL, password: RESET_PASSWORD },
    });
    expect(second.response.statusCode).toBe(200);
    const change = await send(
      {
        method: 'POST',
        url: IdentityPath.updatePassword,
        payload: { email: EMAIL, password: CHANGED_PASSWORD, currentPassword: RESET_PASSWORD },
      },
      second.cookie,
    );
    expect(change.response.statusCode).toBe(200);
    // A bad request logs its failure too; its values must not come along.
    await send({
      method: 'POST',
      url: IdentityPath.login,
      payload: { email: EMAIL, password: 'Typo#Secret5510', extra: 'form-value-6612' },
    });

    // Without SMTP the operator's one line per mail is meant to carry the reset link (the
    // operator hands it over); every other line must not.
    const mailLines = lines.filter((line) => line.includes('"mail":{'));
    expect(mailLines).toHaveLength(1);
    expect(mailLines[0]).toContain(`oobCode=${code ?? 'missing code'}`);
    const log = lines.filter((line) => !mailLines.includes(line)).join('\n');
    expect(log).toContain('oobCode=[redacted]');
    expect(log).toContain('request completed');
    for (const secret of [
      code ?? 'missing code',
      DEMO_PASSWORD,
      RESET_PASSWORD,
      CHANGED_PASSWORD,
      'Typo#Secret5510',
      'form-value-6612',
      'not-for-logs-7781',
      ...cookies,
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it.each([
    ['/a?oobCode=abc&tenant=acme', '/a?oobCode=[redacted]&tenant=acme'],
    ['/a?token=t1&page=2', '/a?token=[redacted]&page=2'],
    ['/a?Password=x', '/a?Password=[redacted]'],
    ['/a?apiKey=k', '/a?apiKey=[redacted]'],
    ['/plain/path', '/plain/path'],
    ['/a?flag', '/a?flag'],
    ['/a?%6FobCode=abc', '/a?%6FobCode=[redacted]'],
  ])('given the URL %s, when logged, then it reads %s', (url, logged) => {
    expect(loggableUrl(url)).toBe(logged);
  });
});
