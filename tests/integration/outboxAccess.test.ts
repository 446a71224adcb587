import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox, startTestServer, type TestServer } from '../../server/testing/startTestServer';
import { identityClient } from './identityClient';

const AUTHOR = 'priya.nair@tessera.example';

describe('the dev outbox', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
    await identityClient(server).request({
      method: 'POST',
      url: '/identity/password/reset-request',
      body: { email: 'lucas.martin@tessera.example' },
    });
    await server.app.afterAnswer.settled();
    // Starting a server migrates and seeds a fresh database: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await server.close();
  });

  it('given another machine, when it asks for the outbox, then 403 even for a signed-in form author', async () => {
    const client = identityClient(server);
    await client.login(AUTHOR);
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const response = await client.request({ url, remoteAddress: '192.168.1.20' });
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('oobCode');
    }
  });

  it('given a request relayed by a proxy on this machine, when it asks for the outbox, then 403', async () => {
    const client = identityClient(server);
    await client.login(AUTHOR);
    const response = await client.request({
      url: '/dev/outbox.json',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(response.statusCode).toBe(403);
  });

  it('given this machine without a session, when it asks for the outbox, then 401', async () => {
    for (const url of ['/dev/outbox.json', '/dev/outbox']) {
      const response = await identityClient(server).request({ url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe('NOT_AUTHENTICATED');
    }
  });

  it('given a signed-in user without access-test, when asking for the outbox, then 403 INSUFFICIENT_PRIVILEGES', async () => {
    const client = identityClient(server);
    await client.login('maria.garcia@tessera.example');
    const response = await client.request({ url: '/dev/outbox.json' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('INSUFFICIENT_PRIVILEGES');
  });

  it('given a form author on this machine, when asking for the outbox, then the tenant mails come back', async () => {
    const client = identityClient(server);
    await client.login(AUTHOR);
    const response = await client.request({ url: '/dev/outbox.json' });
    expect(response.statusCode).toBe(200);
    const mails = response.json().mails as Array<{ to: string; tenant: string }>;
    expect(mails.map((m) => m.to)).toContain('lucas.martin@tessera.example');
    expect(mails.every((m) => m.tenant === 'internal')).toBe(true);
  });

  it('given an IPv6 loopback peer, when a form author asks, then the outbox answers', async () => {
    const client = identityClient(server);
    await client.login(AUTHOR);
    const response = await client.request({ url: '/dev/outbox.json', remoteAddress: '::1' });
    expect(response.statusCode).toBe(200);
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

  it('given SMTP_URL, when a reset mail is sent, then the relay gets it and the outbox keeps nothing', async () => {
    const response = await identityClient(server).request({
      method: 'POST',
      url: '/identity/password/reset-request',
      body: { email: 'amara.okafor@tessera.example' },
    });
    expect(response.statusCode).toBe(202);
    await server.app.afterAnswer.settled();
    expect(relay.received).toHaveLength(1);
    expect(relay.received[0]).toContain('amara.okafor@tessera.example');
    expect(await readOutbox(server.database.db, 'internal')).toEqual([]);
  });
});
