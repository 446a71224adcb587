// Generated requests for every route of the app (scripts/fuzzRoutes.ts runs many, an
// integration test a few): each request's path parameters, query and body are drawn from the
// route's own schemas, mostly valid so the handler runs, with hostile values mixed in (huge and
// fractional numbers, odd text, wrong types, unknown keys), sent by an anonymous caller or by
// staff of every privilege, on the tenant's host or another's. A 5xx, or an error line or a
// stack in the log, is a bug.
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { LivePath } from '../../schemas/api/live';
import { buildApp } from '../app';
import { SESSION_COOKIE } from '../fastify/session';
import { createSession } from '../identity/sessions';
import { startTestServer, testConfig } from './startTestServer';

/**
 * The demo credit bureau (server/webhooks/demoWebhookOutcomes.ts) answers 503 for its `unavailable` outcome
 * on purpose: it stands in for a bureau that is down. Counted as an answer, not a failure.
 */
function answersOnPurpose(route: RouteEntry, status: number): boolean {
  return status === 503 && route.url === '/webhook-demo/credit-check/:outcome';
}

/**
 * Routes whose answer is a stream that stays open for as long as the session lives: a
 * request that passes their checks never ends, so they are probed by tests of their own
 * (tests/integration/liveEvents.test.ts), over a real connection.
 */
const OPEN_STREAMS = new Set<string>([LivePath.events]);

/** Requests in flight at once: enough to overlap the database's waits. */
const PARALLEL = 4;

/** How a fuzz run is drawn. */
export interface RouteFuzzOptions {
  /** Requests sent to each route. */
  perRoute: number;
  /** fast-check's seed: the same seed draws the same requests. */
  seed: number;
  /** Only routes whose URL contains this text. */
  only?: string;
  /** Prints each request refused with this error code (to see why a route refuses). */
  debugCode?: string;
  /** Receives one line per route as it finishes. */
  report?: (line: string) => void;
}

/** What a fuzz run saw. */
export interface RouteFuzzResult {
  routes: number;
  requests: number;
  counts: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** The first 5xx answers, with their requests. */
  failures: string[];
  /** Log lines at error level or holding a stack. */
  errorLines: string[];
  seconds: number;
}

type Schema = Record<string, unknown>;

interface RouteEntry {
  method: string;
  url: string;
  schema: { params?: Schema; querystring?: Schema; body?: Schema };
}

/** The staff who call, by privilege: none (anonymous), tasks, back office, everything, another tenant. */
const CALLERS = [
  { email: null, tenant: 'internal' },
  { email: 'lucas.martin@tessera.example', tenant: 'internal' },
  { email: 'claire.dubois@tessera.example', tenant: 'internal' },
  { email: 'priya.nair@tessera.example', tenant: 'internal' },
  { email: 'elena.vidal@tessera.example', tenant: 'internal' },
  { email: 'ana.souza@acme.example', tenant: 'acme' },
] as const;

/**
 * Texts that name real things: tenants, languages, and the ids of the seeded rows (filled in
 * from the database before the first request), so a valid request reaches real tasks,
 * instances, files and records.
 */
const KNOWN_TEXTS: string[] = [];
const FIXED_TEXTS = ['internal', 'acme', 'en', 'fr', 'es', '1', '2', '3'];

const HOSTILE_NUMBERS = [0, -1, 1.5, 2 ** 31, 2 ** 53, 1e20, -1e20, Number.MAX_VALUE, 1e-300];
const HOSTILE_TEXTS = [
  '',
  ' ',
  'a'.repeat(5000),
  '\u202egnp.exe',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '{{constructor.constructor}}',
  '${7*7}',
  '__proto__',
  'constructor',
  'NaN',
  '1e400',
  '-0',
  '😀',
  '\uFEFF',
  'x\u0000y',
  '\uD800',
  '=1+1;@SUM(A1)',
];

/** A value of any JSON shape, a hostile number or a hostile text. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(...HOSTILE_TEXTS),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.constant(null),
  fc.boolean(),
);

/**
 * A value for `schema`: usually one the schema allows (so the handler runs), sometimes a
 * hostile one in its place.
 */
function valueFor(schema: Schema | undefined, depth = 0, strict = false): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return strict ? fc.constant(undefined) : hostile;
  if (strict) return validFor(schema, depth, true);
  return fc.oneof(
    { weight: 5, arbitrary: validFor(schema, depth, false) },
    { weight: 1, arbitrary: hostile },
  );
}

/** A value of the schema's own shape, edges included. */
function validFor(schema: Schema, depth: number, strict: boolean): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((v) => valueFor(v, depth + 1, strict)));
  const allOf = schema.allOf as Schema[] | undefined;
  if (allOf && allOf.length > 0)
    return valueFor(Object.assign({}, ...allOf) as Schema, depth + 1, strict);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object':
      return objectFor(schema, depth, strict);
    case 'array': {
      const max = Math.min(Number(schema.maxItems ?? 5), 5);
      const min = Math.min(Number(schema.minItems ?? 0), max);
      return fc.array(valueFor(schema.items as Schema | undefined, depth + 1, strict), {
        minLength: min,
        maxLength: max,
      });
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1000;
      const edges = (strict ? [min, max] : [min, max, min - 1, max + 1]).filter(Number.isFinite);
      const inRange =
        type === 'integer'
          ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31 - 1) })
          : fc.double({ min, max, noNaN: true });
      return fc.oneof(
        { weight: 3, arbitrary: inRange },
        fc.constantFrom(...edges),
        fc.integer({ min: 1, max: 40 }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string': {
      const max = Math.min(Number(schema.maxLength ?? 40), 200);
      const min = Math.min(Number(schema.minLength ?? 0), max);
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.format === 'date') {
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      }
      if (schema.format === 'email') return fc.emailAddress();
      const known = knownTextsFor(schema);
      const free = fc.string({ minLength: min, maxLength: max });
      if (typeof schema.pattern === 'string' || typeof schema.format === 'string') {
        return known.length > 0
          ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...known) }, free)
          : free;
      }
      return fc.oneof(
        { weight: 3, arbitrary: free },
        ...(known.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...known) }] : []),
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }) },
      );
    }
    default:
      return hostile;
  }
}

/** The known texts a string schema accepts (its pattern, its length), tried before random ones. */
function knownTextsFor(schema: Schema): string[] {
  let pattern: RegExp | undefined;
  try {
    pattern = typeof schema.pattern === 'string' ? new RegExp(schema.pattern, 'u') : undefined;
  } catch {
    pattern = undefined;
  }
  const min = Number(schema.minLength ?? 0);
  const max = Number(schema.maxLength ?? Infinity);
  return KNOWN_TEXTS.filter(
    (text) => text.length >= min && text.length <= max && (!pattern || pattern.test(text)),
  );
}

function objectFor(schema: Schema, depth: number, strict: boolean): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required ?? []) as string[]);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, property] of Object.entries(properties)) {
    const value = valueFor(property, depth + 1, strict);
    // An optional key is left out a third of the time; a required one only rarely.
    if (strict && required.has(key)) model[key] = value;
    else if (required.has(key))
      model[key] = fc.oneof({ weight: 19, arbitrary: value }, fc.constant(undefined));
    else model[key] = fc.option(value, { nil: undefined, freq: 3 });
  }
  const extra = fc.option(
    fc.tuple(fc.constantFrom('extra', '__proto__', 'constructor', 'id'), hostile),
    {
      nil: undefined,
      freq: 8,
    },
  );
  return fc
    .tuple(fc.record(model), strict ? fc.constant(undefined) : extra)
    .map(([record, more]) => {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(record)) if (value !== undefined) out[key] = value;
      if (more) Object.defineProperty(out, more[0], { value: more[1], enumerable: true });
      return out;
    });
}

/** One request's parts before they are written into an inject call. */
interface Draw {
  caller: number;
  host: string;
  params: unknown;
  query: unknown;
  body: unknown;
  rawBody: string | null;
}

function drawFor(route: RouteEntry): fc.Arbitrary<Draw> {
  return fc.boolean().chain((strict) => drawIn(route, strict));
}

/** A request whose every part fits its schema (`strict`), or one with hostile parts mixed in. */
function drawIn(route: RouteEntry, strict: boolean): fc.Arbitrary<Draw> {
  const none = { type: 'object', properties: {} };
  return fc.record({
    caller: fc.integer({ min: 0, max: CALLERS.length - 1 }),
    host: fc.constantFrom(
      'localhost',
      'localhost',
      'localhost',
      'acme.localhost',
      'nobody.localhost',
    ),
    params: valueFor(route.schema.params ?? none, 0, strict),
    query: strict
      ? valueFor(route.schema.querystring ?? none, 0, true)
      : fc.option(valueFor(route.schema.querystring ?? none), { nil: undefined, freq: 2 }),
    body: valueFor(route.schema.body, 0, strict),
    rawBody: strict
      ? fc.constant(null)
      : fc.option(fc.constantFrom('', '{', 'null', '[]', '"x"', '{"a":1e999}', '\u0000'), {
          nil: null,
          freq: 15,
        }),
  });
}

/** Percent-encodes text; a lone surrogate (which has no UTF-8) goes as the bytes a browser would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return `${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}%ED%A0%80`;
  }
}

/** Scalar text of a drawn value for a URL. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function urlOf(route: RouteEntry, draw: Draw): string {
  const params = (draw.params && typeof draw.params === 'object' ? draw.params : {}) as Record<
    string,
    unknown
  >;
  let path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) =>
    encode(asText(params[name] ?? 'x') || 'x'),
  );
  if (path.includes('*')) path = path.replace('*', encode(asText(params['*']) || 'x'));
  if (draw.query && typeof draw.query === 'object') {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(draw.query)) {
      for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
    }
    const text = search.toString();
    if (text) path += `?${text}`;
  }
  return path;
}

/** Starts a server on a fresh database with the demo, fuzzes every route, and stops it. */
export async function fuzzRoutes(options: RouteFuzzOptions): Promise<RouteFuzzResult> {
  const report = options.report ?? (() => undefined);
  KNOWN_TEXTS.length = 0;
  KNOWN_TEXTS.push(...FIXED_TEXTS);
  const server = await startTestServer({ demoWorkload: true });
  const routes: RouteEntry[] = [];
  const errorLines: string[] = [];
  const config = testConfig({ logLevel: 'info', rateLimitPerMinute: 1_000_000_000 });
  const app = await buildApp({
    config,
    database: server.database,
    logger: {
      level: 'info',
      stream: {
        write: (line: string) => {
          const entry = JSON.parse(line) as { level: number };
          if (entry.level >= 50 || line.includes('"stack"')) errorLines.push(line.slice(0, 600));
        },
      },
    },
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (options.only && !route.url.includes(options.only)) continue;
        if (OPEN_STREAMS.has(route.url)) continue;
        routes.push({
          method,
          url: route.url,
          schema: (route.schema ?? {}) as RouteEntry['schema'],
        });
      }
    },
  });
  await app.ready();
  const db = server.database.db;
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.columns
    where column_name = 'id' and table_schema = current_schema()`.execute(db);
  for (const { table_name: table } of tables.rows) {
    const ids = await sql<{
      id: string;
    }>`select id::text as id from ${sql.table(table)} limit 15`.execute(db);
    KNOWN_TEXTS.push(...ids.rows.map((row) => row.id));
  }
  report(`known ids: ${KNOWN_TEXTS.length - FIXED_TEXTS.length} from ${tables.rows.length} tables`);

  /** Fresh sessions for each caller: a fuzzed sign-out or password change ends the old ones. */
  async function sessions(): Promise<(string | null)[]> {
    return Promise.all(
      CALLERS.map(async (caller) => {
        if (!caller.email) return null;
        const user = await db
          .selectFrom('users')
          .select('id')
          .where('tenant', '=', caller.tenant)
          .where('email', '=', caller.email)
          .executeTakeFirstOrThrow();
        const { token } = await createSession(db, {
          tenant: caller.tenant,
          userId: user.id,
          kind: 'full',
          lifetimes: { idleMinutes: 30, absoluteHours: 12 },
        });
        return token;
      }),
    );
  }

  const totals = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const failures: string[] = [];
  const started = performance.now();
  for (const [index, route] of routes.entries()) {
    const tokens = await sessions();
    const draws = fc.sample(drawFor(route), {
      numRuns: options.perRoute,
      seed: options.seed + index,
    });
    const counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const refusals = new Map<string, number>();
    const routeStarted = performance.now();
    for (let at = 0; at < draws.length; at += PARALLEL) {
      await Promise.all(
        draws.slice(at, at + PARALLEL).map(async (draw, offset) => {
          const caller = CALLERS[draw.caller] ?? CALLERS[0];
          const token = tokens[draw.caller];
          const host =
            caller.tenant === 'acme' && draw.host === 'localhost' ? 'acme.localhost' : draw.host;
          const request: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: urlOf(route, draw),
            remoteAddress: `10.9.${index % 250}.${(at + offset) % 250}`,
            headers: {
              host,
              'x-tenant-name': host.split('.')[0] === 'localhost' ? 'internal' : host.split('.')[0],
              ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
            },
          };
          if (route.method !== 'GET' && route.method !== 'DELETE') {
            request.headers = { ...request.headers, 'content-type': 'application/json' };
            request.payload = draw.rawBody ?? JSON.stringify(draw.body ?? {});
          }
          const response = await app.inject(request);
          const status = answersOnPurpose(route, response.statusCode) ? 200 : response.statusCode;
          const family = `${Math.floor(status / 100)}xx` as keyof typeof counts;
          if (family in counts) counts[family] += 1;
          if (response.statusCode >= 400 && response.statusCode < 500) {
            const code = String(response.headers['content-type']).includes('json')
              ? String((response.json() as { code?: string }).code)
              : `${response.statusCode} page`;
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
            if (code === options.debugCode) {
              report(
                [
                  request.method,
                  request.url,
                  String(request.payload ?? '').slice(0, 200),
                  response.body.slice(0, 300),
                ].join(' '),
              );
            }
          }
          if (status >= 500 && failures.length < 50) {
            failures.push(
              `${response.statusCode} ${route.method} ${request.url} as ${caller.email ?? 'anonymous'}` +
                ` body ${String(request.payload ?? '').slice(0, 300)} -> ${response.body.slice(0, 300)}`,
            );
          }
        }),
      );
    }
    totals.requests += draws.length;
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) totals[key] += counts[key];
    const seconds = ((performance.now() - routeStarted) / 1000).toFixed(1);
    report(
      `${route.method.padEnd(6)} ${route.url.padEnd(58)} 2xx ${String(counts['2xx']).padStart(4)}` +
        ` 3xx ${String(counts['3xx']).padStart(4)} 4xx ${String(counts['4xx']).padStart(4)}` +
        ` 5xx ${String(counts['5xx']).padStart(3)}  ${seconds} s  ` +
        [...refusals]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([code, n]) => `${code} ${n}`)
          .join(', '),
    );
  }
  await app.close();
  await server.close();
  const { requests, ...counts } = totals;
  return {
    routes: routes.length,
    requests,
    counts,
    failures,
    errorLines,
    seconds: (performance.now() - started) / 1000,
  };
}
