import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { MAX_JSON_DEPTH } from '../../server/fastify/inputGuard';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { DEMO_PASSWORD } from '../../server/seed/identityFixtures';
import { startTestServer, testConfig, type TestServer } from '../../server/testing/startTestServer';

// Hand-made hostile requests whose answers are judged by rule: an id, page or limit refuses a
// number it cannot be, JSON exactly at the depth limit is parsed, valid text beyond ASCII is
// read as usual. Every route's sweep of NUL, lone surrogates, broken escapes, deep and large
// bodies and text bodies is sent, with the same expected answers, by the route fuzz
// (server/testing/routeFuzz.ts, tests/integration/routeFuzz.test.ts).

type Schema = Record<string, unknown>;

/** A route's own input schemas, as it was registered. */
interface RouteSchemas {
  method: string;
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema };
}

/** Where a number goes in a request: which part, and the property path inside it. */
interface NumberSlot {
  part: 'params' | 'querystring' | 'body';
  path: Array<string | number>;
  name: string;
}

/** Numbers no id, page or limit can be: past a bigint, past an int4, negative, fractional. */
const HOSTILE_NUMBERS = [1e20, 2 ** 63, 2 ** 53 + 2, 2 ** 31, -1, 1.5];
/** The ones every id, page, size and limit must refuse with a 400 (the others may be in range). */
const ALWAYS_REFUSED = new Set([1e20, 2 ** 63, -1, 1.5]);
const ID_LIKE = /(ids?|page|size|limit|offset|version|count)$/i;

/** The variants of a schema: itself, or each member of an anyOf / oneOf. */
const variantsOf = (schema: Schema): Schema[] =>
  ((schema.anyOf ?? schema.oneOf) as Schema[] | undefined) ?? [schema];

const isNumeric = (schema: Schema): boolean =>
  variantsOf(schema).some((variant) => variant.type === 'integer' || variant.type === 'number');

/** Every place a number may go in a schema, nested objects and arrays included. */
function numberSlots(
  schema: Schema | undefined,
  path: Array<string | number> = [],
): Array<string | number>[] {
  if (!schema) return [];
  if (isNumeric(schema)) return [path];
  const slots: Array<string | number>[] = [];
  for (const variant of variantsOf(schema)) {
    const properties = (variant.properties ?? {}) as Record<string, Schema>;
    for (const [key, property] of Object.entries(properties)) {
      slots.push(...numberSlots(property, [...path, key]));
    }
    if (variant.items) slots.push(...numberSlots(variant.items as Schema, [...path, 0]));
  }
  return slots;
}

/** A value the schema allows where that is easy to tell, so the number is judged, not its neighbours. */
function sampleOf(schema: Schema | undefined): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  const variant = variantsOf(schema).find((entry) => entry.type !== 'null') ?? schema;
  if (variant !== schema) return sampleOf(variant);
  switch (schema.type) {
    case 'object': {
      const required = new Set((schema.required ?? []) as string[]);
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      return Object.fromEntries(
        Object.entries(properties)
          .filter(([key]) => required.has(key))
          .map(([key, property]) => [key, sampleOf(property)]),
      );
    }
    case 'array':
      return [sampleOf(schema.items as Schema)];
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'date') return '2026-01-15';
      if (schema.format === 'date-time') return '2026-01-15T10:00:00.000Z';
      if (schema.format === 'email') return 'lucas.martin@tessera.example';
      return 'a'.repeat(Math.max(1, Number(schema.minLength ?? 1)));
    default:
      return undefined;
  }
}

/** `base` with the value at `path` replaced (arrays and objects copied on the way). */
function withValue(base: unknown, path: Array<string | number>, value: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return value;
  if (typeof head === 'number') {
    const array = Array.isArray(base) ? [...(base as unknown[])] : [];
    array[head] = withValue(array[head], rest, value);
    return array;
  }
  const object = base && typeof base === 'object' ? { ...(base as Record<string, unknown>) } : {};
  object[head] = withValue(object[head], rest, value);
  return object;
}

/** The request for one route with `value` at `slot` and plausible values everywhere else. */
function requestWith(route: RouteSchemas, slot: NumberSlot, value: number): InjectOptions {
  const parts = {
    params: sampleOf(route.schema.params) as Record<string, unknown> | undefined,
    querystring: sampleOf(route.schema.querystring) as Record<string, unknown> | undefined,
    body: sampleOf(route.schema.body),
  };
  const sent = { ...parts, [slot.part]: withValue(parts[slot.part], slot.path, value) };
  const params = (sent.params ?? {}) as Record<string, unknown>;
  const url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    encodeURIComponent(String(params[name] ?? 'x')),
  );
  const query = new URLSearchParams(
    Object.entries((sent.querystring ?? {}) as Record<string, unknown>).map(([key, entry]) => [
      key,
      String(entry),
    ]),
  ).toString();
  return {
    method: route.method as InjectOptions['method'],
    url: query ? `${url}?${query}` : url,
    ...(BODY_METHODS.has(route.method) && sent.body !== undefined
      ? { payload: sent.body as InjectOptions['payload'] }
      : {}),
  };
}
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe('hostile input judged by rule', { timeout: 300_000 }, () => {
  let server: TestServer;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const schemas: RouteSchemas[] = [];
  const staffCookies: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    // An app of its own over the same database, so its log can be read.
    app = await buildApp({
      config: testConfig({ logLevel: 'info' }),
      database: server.database,
      logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          schemas.push({
            method,
            url: route.url,
            schema: (route.schema ?? {}) as RouteSchemas['schema'],
          });
        }
      },
    });
    await app.ready();
    // Between them every privilege, so no route refuses before it reads its numbers.
    for (const email of ['claire.dubois@tessera.example', 'priya.nair@tessera.example']) {
      const signIn = await app.inject({
        method: 'POST',
        url: '/identity/login',
        headers: { host: 'localhost' },
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(signIn.statusCode).toBe(200);
      staffCookies.push(signIn.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '');
    }
    // Starting a server on a fresh database is slow on a busy machine.
  }, 300_000);
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  /** Sends as an anonymous caller on the internal tenant's host. */
  const send = (options: InjectOptions) =>
    app.inject({ ...options, headers: { host: 'localhost', ...options.headers } });

  it('given every route with a number in its path, query or body, when it gets a huge, negative or fractional one, then 4xx, never 5xx, and an id, page or limit is refused', async () => {
    const slots = schemas.flatMap((route) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) =>
        numberSlots(route.schema[part]).map((path) => ({
          route,
          slot: {
            part,
            path,
            name: String(path.findLast((key) => typeof key === 'string') ?? part),
          },
        })),
      ),
    );
    // The notification, record, object and task-list routes at least.
    expect(slots.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const { route, slot } of slots) {
      for (const value of HOSTILE_NUMBERS) {
        const request = requestWith(route, slot, value);
        let response;
        for (const staff of staffCookies) {
          response = await app.inject({
            ...request,
            headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=${staff}` },
          });
          if (response.statusCode !== 403) break;
        }
        const status = response?.statusCode ?? 0;
        const where = `${route.method} ${route.url} ${slot.part}.${slot.path.join('.')}=${value}: ${status}`;
        if (status >= 500) problems.push(where);
        else if (ID_LIKE.test(slot.name) && ALWAYS_REFUSED.has(value) && status !== 400) {
          problems.push(where);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it(`given JSON exactly ${MAX_JSON_DEPTH} deep with brackets inside strings, when sent, then it is parsed and judged by the route`, async () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH - 1)}"[[[{{{"${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    const response = await send({
      method: 'POST',
      url: '/identity/login',
      payload: `{"email":${nested},"password":"x"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('given valid text with emoji and accents, when signing in, then it is judged as usual', async () => {
    const response = await send({
      method: 'POST',
      url: '/identity/login',
      payload: { email: 'zoe@tessera.example', password: 'pässwörd😀' },
    });
    expect(response.json().code).toBe('WRONG_CREDENTIALS');
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
