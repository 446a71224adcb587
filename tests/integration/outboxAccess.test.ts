import { readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { parseMailFile } from '../../server/mail/parseMailFile';
import {
  readOutbox,
  startTestServer,
  testConfig,
  type TestServer,
} from '../../server/testing/startTestServer';
import { identityClient } from './identityClient';

const AUTHOR = 'priya.nair@tessera.example';
const LUCAS = 'lucas.martin@tessera.example';
const RESET_LINK = /https?:\/\/\S+oobCode=[\w-]{43}\S*/;

/** Asks for a reset of `email` and waits for its mail, which is written after the answer. */
async function requestReset(server: TestServer, email: string, tenant = 'internal') {
  const response = await identityClient(server, tenant).request({
    method: 'POST',
    url: '/identity/password/reset-request',
    body: { email },
  });
  expect(response.statusCode).toBe(202);
  await server.app.afterAnswer.settled();
}

describe('mail without SMTP on a default start', () => {
  let server: TestServer;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    // A second app on the same database and mail folder, whose log the test reads.
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ mailDir: server.app.config.mailDir }),
      database: server.database,
      logger: { level: 'info', stream },
    });
    await app.ready();
    // Starting a server migrates and seeds a fresh database: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it('given the default configuration, when read, then the dev outbox is off, and production refuses it', () => {
    expect(loadConfig({}).devOutbox).toBe(false);
    expect(loadConfig({ DATA_DIR: '/srv/tessera' }).mailDir).toBe(join('/srv/tessera', 'mail'));
    expect(testConfig().devOutbox).toBe(false);
    expect(loadConfig({ TESSERA_DEV_OUTBOX: '1' }).devOutbox).toBe(true);
    expect(() => loadConfig({ TESSERA_DEV_OUTBOX: '1', NODE_ENV: 'production' })).toThrow(
      /production/,
    );
  });

  it('given a reset request, when the mail is sent, then the operator finds it as an .eml file in the mail folder and as one log line, both with the link', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/identity/password/reset-request',
      headers: { host: 'localhost' },
      payload: { email: LUCAS },
    });
    expect(response.statusCode).toBe(202);
    await app.afterAnswer.settled();

    const folder = server.app.config.mailDir;
    const names = (await readdir(folder)).filter((name) => name.endsWith('.eml'));
    expect(names).toHaveLength(1);
    const file = join(folder, names[0] ?? '');
    expect((await stat(file)).mode & 0o077).toBe(0);
    const source = await readFile(file, 'utf8');
    // RFC 5322: header fields, CRLF line ends, a blank line, then the body.
    expect(source).toMatch(/^[\x21-\x39\x3b-\x7e]+:/);
    expect(source).not.toMatch(/[^\r]\n/);
    const mail = parseMailFile(source);
    expect(mail.headers.get('to')).toBe(LUCAS);
    expect(mail.headers.get('x-tessera-tenant')).toBe('internal');
    expect(mail.headers.get('message-id')).toMatch(/^<.+@.+>$/);
    expect(mail.headers.get('date')).toBeTruthy();
    expect(mail.headers.get('subject')).toBeTruthy();
    const link = RESET_LINK.exec(mail.text)?.[0];
    expect(link).toBeDefined();

    const mailLines = lines.filter((line) => line.includes('"mail":{'));
    expect(mailLines).toHaveLength(1);
    const logged = JSON.parse(mailLines[0] ?? '{}') as { msg: string; mail: { file: string } };
    expect(logged.msg).toContain(LUCAS);
    expect(logged.msg).toContain(link);
    expect(logged.mail.file).toBe(file);

    const [read] = await readOutbox(server, 'internal');
    expect(read).toMatchObject({ to: LUCAS, tenant: 'internal' });
    expect(read?.text).toContain(link);
  });

  it('given a form author with access-test on this machine, when she asks for the outbox, then it does not exist', async () => {
    const author = identityClient(server);
    expect((await author.login(AUTHOR)).statusCode).toBe(200);
    for (const url of ['/dev/outbox.json', '/dev/outbox', '/dev/outbox.css']) {
      for (const remoteAddress of ['127.0.0.1', '::1']) {
        const response = await author.request({ url, remoteAddress });
        expect(response.statusCode, url).toBe(404);
        expect(response.body).not.toContain('oobCode');
      }
    }
  });
});

describe('the dev outbox of `npm run dev`', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { devOutbox: true } });
    await requestReset(server, LUCAS);
    await requestReset(server, AUTHOR);
    await requestReset(server, 'ana.souza@acme.example', 'acme');
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  it('given a signed-in user, when she asks for the outbox, then she sees her own mails only, never stored', async () => {
    const author = identityClient(server);
    await author.login(AUTHOR);
    const json = await author.request({ url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    const mails = json.json().mails as Array<{ to: string; tenant: string; text: string }>;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: AUTHOR, tenant: 'internal' });
    expect(mails[0]?.text).toMatch(RESET_LINK);

    const page = await author.request({ url: '/dev/outbox' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toMatch(
      /<a href="http:\/\/localhost:\d+\/accounts\/password\/reset\?oobCode=[\w-]+&amp;tenant=internal">/,
    );
    expect(page.body).not.toContain(LUCAS);
  });

  it("given a user without access-test, when he asks, then he too reads his own mail and nobody else's", async () => {
    const lucas = identityClient(server);
    await lucas.login(LUCAS);
    const response = await lucas.request({ url: '/dev/outbox.json' });
    expect(response.statusCode).toBe(200);
    const mails = response.json().mails as Array<{ to: string }>;
    expect(mails.map((mail) => mail.to)).toEqual([LUCAS]);
  });

  it("given another tenant, when its user asks, then only that tenant's own mail to her comes back", async () => {
    const ana = identityClient(server, 'acme');
    await ana.login('ana.souza@acme.example');
    const mails = (await ana.request({ url: '/dev/outbox.json' })).json().mails as Array<{
      to: string;
      tenant: string;
    }>;
    expect(mails.map((mail) => [mail.tenant, mail.to])).toEqual([
      ['acme', 'ana.souza@acme.example'],
    ]);
  });

  it('given another machine or a relaying proxy, when a signed-in user asks, then 403 with no-store', async () => {
    const author = identityClient(server);
    await author.login(AUTHOR);
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const remote = await author.request({ url, remoteAddress: '192.168.1.20' });
      expect(remote.statusCode, url).toBe(403);
      expect(remote.headers['cache-control']).toBe('no-store');
      expect(remote.body).not.toContain('oobCode');
      const relayed = await author.request({ url, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(relayed.statusCode, url).toBe(403);
    }
  });

  it('given this machine without a session, when it asks for the outbox, then 401', async () => {
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const response = await identityClient(server).request({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
    }
  });

  it('given a malformed limit, when asked, then 400 VALIDATION_ERROR', async () => {
    const author = identityClient(server);
    await author.login(AUTHOR);
    const response = await author.request({ url: '/dev/outbox.json?limit=0' });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('given a mail with markup, when the page shows it, then everything is escaped', async () => {
    await server.app.mailer.send({
      tenant: 'internal',
      to: AUTHOR,
      subject: '<script>alert(1)</script>',
      text: 'see "http://localhost/a?b=<i>"',
      html: '',
    });
    const author = identityClient(server);
    await author.login(AUTHOR);
    const page = await author.request({ url: '/dev/outbox' });
    expect(page.body).not.toContain('<script>alert');
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<i>');
  });
});

/** A minimal SMTP relay that accepts every mail and keeps what it received. */
async function startSmtpRelay(): Promise<{ port: number; received: string[]; close(): void }> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const relay: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let data = false;
    let message = '';
    let pending = '';
    socket.write('220 relay.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      pending += chunk.toString('utf8');
      let newline = pending.indexOf('\r\n');
      while (newline !== -1) {
        const line = pending.slice(0, newline);
        pending = pending.slice(newline + 2);
        if (data) {
          if (line === '.') {
            data = false;
            received.push(message);
            message = '';
            socket.write('250 2.0.0 queued\r\n');
          } else message += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 relay.test\r\n');
        else if (/^DATA/i.test(line)) {
          data = true;
          socket.write('354 go ahead\r\n');
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
        newline = pending.indexOf('\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  return {
    port: (relay.address() as AddressInfo).port,
    received,
    close() {
      for (const socket of sockets) socket.destroy();
      relay.close();
    },
  };
}

describe('mail over SMTP', () => {
  let relay: Awaited<ReturnType<typeof startSmtpRelay>>;
  let server: TestServer;

  beforeAll(async () => {
    relay = await startSmtpRelay();
    server = await startTestServer({
      config: { smtpUrl: `smtp://127.0.0.1:${relay.port}?ignoreTLS=true` },
    });
  }, 180_000);
  afterAll(async () => {
    await server.close();
    relay.close();
  });

  it('given SMTP_URL, when a reset mail is sent, then the relay gets it and the mail folder keeps nothing', async () => {
    const response = await identityClient(server).request({
      method: 'POST',
      url: '/identity/password/reset-request',
      body: { email: 'amara.okafor@tessera.example' },
    });
    expect(response.statusCode).toBe(202);
    await server.app.afterAnswer.settled();
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]).toContain('amara.okafor@tessera.example');
    expect(await readOutbox(server, 'internal')).toEqual([]);
  });
});
