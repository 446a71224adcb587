import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MAX_JSON_DEPTH } from '../../server/fastify/inputGuard';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import { startTestServer, testConfig, type TestServer } from '../../server/testing/startTestServer';

interface RouteEntry {
  method: string;
  url: string;
}

/**
 * Every route of the app, read from Fastify's own route tree (`printRoutes`), so a route added
 * later is covered without touching this test.
 */
function routesOf(app: FastifyInstance): RouteEntry[] {
  const prefixes: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (prefixes[depth - 1] ?? '') + (match[2] ?? '');
    prefixes.length = depth;
    prefixes.push(path);
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      if (method !== 'HEAD') routes.push({ method, url: path });
    }
  }
  return routes;
}

const PARAM = /:[A-Za-z0-9_]+(?:\|:[A-Za-z0-9_]+)*/g;
const withParams = (url: string, value: string) => url.replace(PARAM, value);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const DEPTH = 10_000;

/** Hostile JSON texts, written as raw text so the escapes reach the server as sent. */
const HOSTILE_BODIES: Array<[string, string, string]> = [
  [
    'a NUL in a value',
    '{"email":"a\\u0000@b.c","text":"x\\u0000y","password":"x"}',
    'INVALID_TEXT',
  ],
  ['a NUL in a key', '{"a\\u0000b":"x"}', 'INVALID_TEXT'],
  ['a lone surrogate', '{"email":"\\ud800@b.c","text":"\\ud800","password":"x"}', 'INVALID_TEXT'],
  ['a lone low surrogate', '{"text":"x\\udc00"}', 'INVALID_TEXT'],
  [
    `JSON nested ${DEPTH} deep`,
    `{"value":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
    'NESTING_TOO_DEEP',
  ],
  ['deep objects', `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`, 'NESTING_TOO_DEEP'],
];

describe('hostile input on every route', { timeout: 300_000 }, () => {
  let server: TestServer;
  let app: FastifyInstance;
  let cookie: string;
  const logLines: string[] = [];
  let routes: RouteEntry[];

  beforeAll(async () => {
    server = await startTestServer();
    // An app of its own over the same database, so its log can be read.
    app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: server.database,
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    });
    await app.ready();
    routes = routesOf(app);
    const login = await app.inject({
      method: 'POST',
      url: '/identity/login',
      headers: { host: 'localhost' },
      payload: { email: 'lucas.martin@tessera.example', password: DEMO_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    expect(cookie).not.toBe('');
    // Starting a server on a fresh database is slow on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  const send = (options: InjectOptions, signedIn: boolean) =>
    app.inject({
      ...options,
      headers: {
        host: 'localhost',
        ...(signedIn ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...options.headers,
      },
    });

  it('given the route tree, when read, then it lists the API, identity and development routes', () => {
    const urls = routes.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('GET /identity/signOut');
    expect(urls).toContain('POST /identity/login');
    expect(urls).toContain('POST /api/task/comments');
    expect(urls).toContain('PATCH /api/task/user-settings');
    expect(urls.filter((url) => url.includes(':')).length).toBeGreaterThan(10);
    expect(routes.length).toBeGreaterThan(40);
  });

  for (const signedIn of [false, true]) {
    const who = signedIn ? 'a signed-in user' : 'an anonymous caller';

    it(`given ${who}, when any route gets a NUL, a lone surrogate or a broken escape in its query or path, then 400 INVALID_TEXT`, async () => {
      for (const route of routes) {
        const base = withParams(route.url, 'x');
        const targets = [`${base}?q=%00`, `${base}?q=a%ED%A0%80`, `${base}?q=%E0%A4%A`];
        if (route.url.includes(':')) {
          targets.push(withParams(route.url, 'a%00b'), withParams(route.url, '%ED%A0%80'));
        }
        for (const url of targets) {
          const response = await send({ method: route.method as 'GET', url }, signedIn);
          expect(response.statusCode, `${route.method} ${url}`).toBe(400);
          expect(response.json().code, `${route.method} ${url}`).toBe('INVALID_TEXT');
        }
      }
    });

    it(`given ${who}, when any route gets a body with NUL, a lone surrogate or ${DEPTH}-deep JSON, then 4xx, and 400 with a clear code once signed in`, async () => {
      for (const route of routes) {
        if (!BODY_METHODS.has(route.method)) continue;
        for (const [label, payload, code] of HOSTILE_BODIES) {
          const response = await send(
            {
              method: route.method as 'POST',
              url: withParams(route.url, 'x'),
              payload,
              headers: { 'content-type': 'application/json' },
            },
            signedIn,
          );
          const where = `${route.method} ${route.url} with ${label}`;
          expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, where).toBeLessThan(500);
          // A route closed to this user by privilege refuses before reading the body.
          if (signedIn && response.json().code !== 'INSUFFICIENT_PRIVILEGES') {
            expect(response.statusCode, where).toBe(400);
            expect(response.json().code, where).toBe(code);
          }
        }
      }
    });
  }

  it('given a plain-text body with NUL, when posted, then 400 INVALID_TEXT', async () => {
    const response = await send(
      {
        method: 'POST',
        url: '/api/task/comments',
        payload: 'a\u0000b',
        headers: { 'content-type': 'text/plain' },
      },
      true,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('INVALID_TEXT');
  });

  it(`given JSON exactly ${MAX_JSON_DEPTH} deep with brackets inside strings, when sent, then it is parsed and judged by the route`, async () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH - 1)}"[[[{{{"${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    const response = await send(
      {
        method: 'POST',
        url: '/identity/login',
        payload: `{"email":${nested},"password":"x"}`,
        headers: { 'content-type': 'application/json' },
      },
      false,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('given valid text with emoji and accents, when signing in, then it is judged as usual', async () => {
    const response = await send(
      {
        method: 'POST',
        url: '/identity/login',
        payload: { email: 'zoe@tessera.example', password: 'pässwörd😀' },
      },
      false,
    );
    expect(response.json().code).toBe('WRONG_CREDENTIALS');
  });

  it('given a body over 1 MiB, when posted, then 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await send(
      {
        method: 'POST',
        url: '/identity/login',
        payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1024 * 1024) }),
        headers: { 'content-type': 'application/json' },
      },
      false,
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('given all the hostile requests above, when the log is read, then it holds no error and no stack', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      const entry = JSON.parse(line) as { level: number; err?: { stack?: string } };
      expect(entry.level, line).toBeLessThan(50);
      expect(line, line).not.toContain('"stack"');
    }
  });
});
