import { request as httpRequest } from 'node:http';
import { createServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityPath } from '../../schemas/api/identity';
import { buildApp } from '../../server/app';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { drainAndClose } from '../../server/operator/draining';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import {
  setMaintenance,
  startTestServer,
  testConfig,
  type TestServer,
} from '../../server/testing/startTestServer';

const METRICS_TOKEN = 'operator-test-token-5b1d93e07c';
const EMAIL = 'lucas.martin@tessera.example';

/** A GET on a connection of its own (no keep-alive pool): 'refused' when nothing listens. */
function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string } | 'refused'> {
  return new Promise((resolve, reject) => {
    const call = httpRequest(url, { agent: false, headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    call.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET'
        ? resolve('refused')
        : reject(error),
    );
    call.end();
  });
}

async function status(url: string, headers?: Record<string, string>): Promise<number | string> {
  const answer = await get(url, headers);
  return answer === 'refused' ? answer : answer.status;
}

/**
 * A TCP proxy in front of PostgreSQL that the test stops and starts again on the same port:
 * a database that goes away and comes back while the server keeps running.
 */
class StoppableProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Refuses new connections and cuts the open ones, as a database that went down. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

describe('the operator surface: health, readiness, metrics', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ config: { metricsToken: METRICS_TOKEN } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('given a running server, when probed without a session, then /healthz and /readyz answer 200 with one word', async () => {
    const health = await get(`${server.url}/healthz`);
    const ready = await get(`${server.url}/readyz`);

    expect(health).toEqual({ status: 200, body: '{"status":"ok"}' });
    expect(ready).toEqual({ status: 200, body: '{"status":"ready"}' });
  });

  it('given a Host the server answers for no tenant and maintenance everywhere, when probed, then health and readiness still answer 200 (no tenant is looked up)', async () => {
    const foreignHost = { host: 'tessera-pod-7.cluster.example' };
    try {
      await setMaintenance(server.database.db, 'global', true);

      expect(await status(`${server.url}/healthz`, foreignHost)).toBe(200);
      expect(await status(`${server.url}/readyz`, foreignHost)).toBe(200);
      // The same Host is refused everywhere else, and the API is in maintenance.
      expect(await status(`${server.url}${IdentityPath.systemSettings}`, foreignHost)).toBe(421);
      expect(await status(`${server.url}${IdentityPath.systemSettings}`)).toBe(503);
    } finally {
      await setMaintenance(server.database.db, 'global', false);
    }
  });

  it('given METRICS_TOKEN, when /metrics is asked without it or with another, then 401 and no metric; with it, the metrics by route pattern', async () => {
    const anonymous = await get(`${server.url}/metrics`);
    const wrong = await get(`${server.url}/metrics`, {
      authorization: `Bearer ${METRICS_TOKEN.slice(0, -1)}x`,
    });
    const basic = await get(`${server.url}/metrics`, { authorization: METRICS_TOKEN });
    for (const refused of [anonymous, wrong, basic]) {
      expect(refused).not.toBe('refused');
      if (refused === 'refused') return;
      expect(refused.status).toBe(401);
      expect(refused.body).not.toContain('tessera_');
      expect(refused.body).not.toContain('# HELP');
    }

    // A call with an id in its path, to see that the label is the pattern.
    await get(`${server.url}/api/forms/operator-probe-4471`);
    const scrape = await get(`${server.url}/metrics`, { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(scrape).not.toBe('refused');
    if (scrape === 'refused') return;
    expect(scrape.status).toBe(200);
    const text = scrape.body;
    expect(text).toMatch(
      /tessera_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/healthz",status_code="200"\}/,
    );
    expect(text).toContain('route="/api/forms/:formId"');
    expect(text).not.toContain('operator-probe-4471');
    expect(text).toMatch(/tessera_db_pool_connections\{state="open"\} \d+/);
    expect(text).toMatch(/tessera_db_query_duration_seconds_count\{outcome="ok"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_seconds \d/);
    expect(text).toMatch(/tessera_queue_jobs\{queue="documents",state="waiting"\} 0/);
    expect(text).toContain('tessera_live_connections 0');
    expect(text).toContain('tessera_draining 0');
  });

  it('given no METRICS_TOKEN, when /metrics is asked even with a bearer token, then 404 as for no route', async () => {
    const app = await buildApp({ config: testConfig(), database: server.database });
    try {
      const response = await app.inject({
        url: '/metrics',
        headers: { host: 'localhost', authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await app.close();
    }
  });

  it('given requests of a signed-in user, when reading the log, then each line of a call carries its request id, tenant and user id, and no password', async () => {
    const lines: Record<string, unknown>[] = [];
    const raw: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const app = await buildApp({
      config: testConfig(),
      database: server.database,
      logger: { level: 'info', stream },
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: IdentityPath.login,
        headers: { host: 'localhost' },
        payload: { email: EMAIL, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
      const account = await app.inject({
        url: IdentityPath.account,
        headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=${cookie}` },
      });
      expect(account.statusCode).toBe(200);
      const userId = account.json<{ id: string }>().id;

      const completed = lines.filter((line) => line.msg === 'request completed');
      const accountLine = completed.find(
        (line) => (line.res as { statusCode?: number } | undefined)?.statusCode === 200,
      );
      expect(completed.length).toBe(2);
      for (const line of completed) {
        expect(line.reqId).toEqual(expect.any(String));
        expect(line.tenant).toBe('internal');
      }
      const lastId = completed[1]?.reqId;
      expect(completed[0]?.reqId).not.toBe(lastId);
      expect(completed[1]?.userId).toBe(userId);
      expect(accountLine).toBeDefined();
      const all = raw.join('\n');
      expect(all).not.toContain(DEMO_PASSWORD);
      expect(all).not.toContain(cookie);
    } finally {
      await app.close();
    }
  });

  it('given a slow request in flight, when the server drains, then /readyz answers 503, the slow request completes, and then nothing is accepted', async () => {
    const app: FastifyInstance = await buildApp({
      config: testConfig(),
      database: server.database,
    });
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    app.get('/slow-operator-test', async () => {
      entered();
      await released;
      return { done: true };
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    const slow = get(`${url}/slow-operator-test`);
    await inHandler;
    const drained = drainAndClose(app, { delayMs: 400, timeoutMs: 10_000 });

    // While the load balancer takes notice: not ready, still alive.
    expect(await get(`${url}/readyz`)).toEqual({
      status: 503,
      body: '{"status":"not ready","reason":"draining"}',
    });
    expect(await status(`${url}/healthz`)).toBe(200);
    // Then the listener closes while the slow request still runs.
    await expect.poll(() => status(`${url}/healthz`), { timeout: 5_000 }).toBe('refused');

    release();
    expect(await slow).toEqual({ status: 200, body: '{"done":true}' });
    expect(await drained).toEqual({ finished: true });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('readiness while PostgreSQL goes away', () => {
  // The embedded database runs inside the server's own process: it cannot become unreachable
  // while the server runs, so this case needs PostgreSQL (DATABASE_URL) behind a proxy.
  let proxy: StoppableProxy;
  let server: TestServer | undefined;

  beforeAll(async () => {
    const target = new URL(process.env.DATABASE_URL ?? '');
    proxy = new StoppableProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const proxied = new URL(target);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    server = await startTestServer({ seed: false, databaseUrl: proxied.toString() });
  }, 180_000);
  afterAll(async () => {
    // The proxy must be up for the test database to be dropped.
    await proxy.start();
    await server?.close();
    await proxy.stop();
  });

  it('given a running server, when the database stops answering, then /readyz is 503 (and /healthz 200), and 200 again when it is back, without a restart', async () => {
    const url = server?.url ?? '';
    expect(await status(`${url}/readyz`)).toBe(200);

    await proxy.stop();
    await expect
      .poll(() => get(`${url}/readyz`), { timeout: 10_000 })
      .toEqual({
        status: 503,
        body: '{"status":"not ready","reason":"database"}',
      });
    expect(await status(`${url}/healthz`)).toBe(200);

    await proxy.start();
    await expect.poll(() => status(`${url}/readyz`), { timeout: 10_000 }).toBe(200);
  }, 60_000);
});
