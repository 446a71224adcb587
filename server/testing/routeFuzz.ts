// Generated requests for every route of the app (`npm run fuzz:routes` runs many, an
// integration test fewer): each request's path parameters, query and body are drawn from the
// route's own schemas, mostly valid so the handler runs, with hostile values mixed in, and
// every route also gets requests from beyond its schema: literal `__proto__` / `constructor`
// / `prototype` keys, NUL and lone surrogates, overlong text, numbers no parser agrees on,
// 10,000-deep nesting, 10 MB bodies, wrong content types and duplicate query keys. They are
// sent by an anonymous caller or by staff of every privilege, on the tenant's host or
// another's. A 5xx, a broken expectation (a NUL in an address is always 400 INVALID_TEXT), a
// change to Object.prototype, or an error line, a stack or a secret in the log is a bug.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { IntegrationScope } from '../../schemas/api/integration';
import { LivePath } from '../../schemas/api/live';
import { buildApp } from '../app';
import { SESSION_COOKIE } from '../fastify/session';
import { createIntegrationClient } from '../identity/integrationClients';
import { createSession } from '../identity/sessions';
import { DEMO_PASSWORD } from '../seed/identityFixtures';
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
 * request that passes their checks never ends, so they get only the requests refused before
 * the stream opens (a broken address); tests/integration/liveEvents.test.ts probes the rest
 * over a real connection.
 */
const OPEN_STREAMS = new Set<string>([LivePath.events]);

/** Requests in flight at once: enough to overlap the database's waits. */
const PARALLEL = 4;
/** An answer slower than this is timed again, alone, before it counts as slow. */
export const RETIME_MS = 1000;

/** The kinds of request every route gets: its schema's, and each way beyond it. */
export const REQUEST_KINDS = [
  'schema',
  'protoKeys',
  'unstorableText',
  'unstorableAddress',
  'overlong',
  'numbers',
  'deep',
  'huge',
  'contentType',
  'duplicateQuery',
] as const;
/** One kind of request. */
export type RequestKind = (typeof REQUEST_KINDS)[number];

/** How a fuzz run is drawn. */
export interface RouteFuzzOptions {
  /** Requests sent to each route (at least one of every kind beyond the schema). */
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

/** The slowest answer of one route. */
export interface SlowAnswer {
  /** Its time: the lesser of the two when it was timed again, alone. */
  milliseconds: number;
  /** When over {@link RETIME_MS} in the run and so timed again, the first time. */
  first?: number;
  route: string;
  /** The request, shortened: method, address, kind, caller. */
  request: string;
}

/** What a fuzz run saw. */
export interface RouteFuzzResult {
  routes: number;
  /** Each route fuzzed, as `METHOD url`. */
  urls: string[];
  requests: number;
  counts: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  /** Requests sent of each kind. */
  kinds: Record<RequestKind, number>;
  /** The first 5xx answers, with their requests. */
  failures: string[];
  /** Answers that broke what their kind of request must get (see `Expectation`). */
  mismatches: string[];
  /** Log lines at error level or holding a stack. */
  errorLines: string[];
  /** Log lines holding a secret: a password, a hash, a token or cookie sent, DATABASE_URL. */
  secretLines: string[];
  /** Own properties of Object, Object.prototype or Array.prototype added, removed or changed. */
  prototypeChanges: string[];
  /** Each route's slowest answer, slowest first. */
  slowest: SlowAnswer[];
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
 * Who sends the requests beyond the schema that every route must get: the two who between
 * them hold every privilege, so a body is read rather than refused for want of one, and an
 * anonymous caller.
 */
const BEYOND_CALLERS = [3, 2, 0];

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
/** Keys whose value is a secret: they get the demo password, which must never reach the log. */
const SECRET_KEY = /password|secret|token/i;

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
    const drawn = valueFor(property, depth + 1, strict);
    const value = SECRET_KEY.test(key) ? fc.oneof(drawn, fc.constant(DEMO_PASSWORD)) : drawn;
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
  kind: RequestKind;
  caller: number;
  host: string;
  params: unknown;
  query: unknown;
  body: unknown;
  rawBody: string | null;
  /** The choices a kind beyond the schema makes: which text, which place, which length. */
  picks: number[];
}

/**
 * A request of `kind`: a schema request is valid or has hostile parts mixed in; a request
 * beyond the schema starts from a valid one, so what is wrong with it is the one thing its
 * kind adds.
 */
function drawOf(route: RouteEntry, kind: RequestKind, caller?: number): fc.Arbitrary<Draw> {
  const strict = kind === 'schema' ? fc.boolean() : fc.constant(true);
  return strict.chain((isStrict) => drawIn(route, kind, isStrict, caller));
}

function drawIn(
  route: RouteEntry,
  kind: RequestKind,
  strict: boolean,
  caller: number | undefined,
): fc.Arbitrary<Draw> {
  const none = { type: 'object', properties: {} };
  return fc.record({
    kind: fc.constant(kind),
    caller:
      caller === undefined ? fc.integer({ min: 0, max: CALLERS.length - 1 }) : fc.constant(caller),
    host:
      caller === undefined
        ? fc.constantFrom(
            'localhost',
            'localhost',
            'localhost',
            'acme.localhost',
            'nobody.localhost',
          )
        : fc.constant('localhost'),
    params: valueFor(route.schema.params ?? none, 0, strict),
    query: strict
      ? valueFor(route.schema.querystring ?? none, 0, true)
      : fc.option(valueFor(route.schema.querystring ?? none), { nil: undefined, freq: 2 }),
    body: valueFor(route.schema.body, 0, strict),
    rawBody:
      strict || kind !== 'schema'
        ? fc.constant(null)
        : fc.option(fc.constantFrom('', '{', 'null', '[]', '"x"', '{"a":1e999}', '\u0000'), {
            nil: null,
            freq: 15,
          }),
    picks: fc.array(fc.nat({ max: 1_000_000 }), { minLength: 6, maxLength: 6 }),
  });
}

/** Any request of any kind; schema requests the most, so most requests reach the handlers. */
function anyDrawOf(route: RouteEntry): fc.Arbitrary<Draw> {
  return fc.oneof(
    { weight: 9, arbitrary: drawOf(route, 'schema') },
    ...REQUEST_KINDS.filter((kind) => kind !== 'schema').map((kind) => ({
      weight: 1,
      arbitrary: drawOf(route, kind),
    })),
  );
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

const asRecord = (value: unknown): Record<string, unknown> =>
  (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<
    string,
    unknown
  >;

/** The names of a route's path parameters, `*` included. */
function paramNames(route: RouteEntry): string[] {
  const names = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
  return route.url.includes('*') ? [...names, '*'] : names;
}

/** The route's path with each parameter's drawn value, or the text given for it, already encoded. */
function pathOf(route: RouteEntry, params: unknown, given: Record<string, string> = {}): string {
  const values = asRecord(params);
  const valueOf = (name: string) => given[name] ?? (encode(asText(values[name] ?? 'x')) || 'x');
  let path = route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => valueOf(name));
  if (path.includes('*')) path = path.replace('*', valueOf('*'));
  return path;
}

/** The drawn query as encoded pairs, each array item its own pair. */
function queryPairs(query: unknown): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(asRecord(query))) {
    for (const item of Array.isArray(value) ? value : [value]) {
      pairs.push([encode(key), encode(asText(item))]);
    }
  }
  return pairs;
}

const addressOf = (path: string, pairs: Array<[string, string]>): string =>
  pairs.length === 0 ? path : `${path}?${pairs.map(([key, value]) => `${key}=${value}`).join('&')}`;

/** What a request of some kinds must get, whoever sends it. */
interface Expectation {
  status: number;
  code: string;
  /**
   * `always`: the answer whatever the route or caller (the address is judged first of all);
   * `bodyRead`: the answer once the body is read, so a refusal that comes before it (not
   * signed in, no privilege, a foreign tenant) is as good.
   */
  when: 'always' | 'bodyRead';
}

/** Statuses and codes of refusals given before a body is read. */
const BEFORE_BODY_STATUSES = new Set([401, 403, 404, 429]);
const BEFORE_BODY_CODES = new Set<string>([
  ErrorCode.tenantMismatch,
  ErrorCode.foreignOrigin,
  ErrorCode.hostNotAllowed,
  ErrorCode.tenantNotFound,
  ErrorCode.passwordChangeRequired,
]);

/** The request an inject call sends. */
interface Built {
  url: string;
  contentType?: string;
  payload?: string | Buffer;
  expectation?: Expectation;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How deep the deep bodies nest: far past the guard's limit, deep enough to overflow a recursive walk. */
export const DEEP = 10_000;
/** How large the huge bodies are: ten times the body limit. */
const HUGE_BYTES = 10 * 1024 * 1024;

/** A text that marks where raw JSON goes into a body before it is written. */
const mark = (index: number) => `\u0001fuzz${index}`;

/** The objects and arrays in `value`, outermost first (walked without recursion, at most 200). */
function containersOf(value: unknown): Array<Record<string, unknown> | unknown[]> {
  const found: Array<Record<string, unknown> | unknown[]> = [];
  const pending = [value];
  while (pending.length > 0 && found.length < 200) {
    const item = pending.shift();
    if (item === null || typeof item !== 'object') continue;
    const container = item as Record<string, unknown> | unknown[];
    found.push(container);
    pending.push(...Object.values(container));
  }
  return found;
}

/** The places holding a scalar in `value`: its container and key. */
function leavesOf(value: unknown): Array<[Record<string, unknown> | unknown[], string]> {
  const leaves: Array<[Record<string, unknown> | unknown[], string]> = [];
  for (const container of containersOf(value)) {
    for (const [key, item] of Object.entries(container)) {
      if (item === null || typeof item !== 'object') leaves.push([container, key]);
    }
  }
  return leaves;
}

/**
 * The body as JSON text with raw JSON written in at a drawn place: `valueText` in place of a
 * scalar (or as the whole body), or, with `keyText`, a new member whose key is `keyText`
 * (JSON.stringify would drop or escape such keys, and cannot write a lone surrogate escape).
 */
function bodyWith(
  body: unknown,
  pick: number,
  valueText: string,
  keyText?: string,
  preferNumbers = false,
): string {
  let root = body;
  if (keyText !== undefined) {
    if (root === null || typeof root !== 'object') root = {};
    const containers = containersOf(root);
    const target = containers[pick % containers.length] ?? {};
    if (Array.isArray(target)) target.push({ [mark(1)]: mark(0) });
    else Object.defineProperty(target, mark(1), { value: mark(0), enumerable: true });
  } else {
    const leaves = leavesOf(root);
    const numbers = leaves.filter(
      ([container, key]) => typeof container[key as never] === 'number',
    );
    const candidates = preferNumbers && numbers.length > 0 ? numbers : leaves;
    const leaf = candidates[pick % Math.max(candidates.length, 1)];
    if (leaf) (leaf[0] as Record<string, unknown>)[leaf[1]] = mark(0);
    else if (root !== null && typeof root === 'object') {
      Object.defineProperty(root, 'value', { value: mark(0), enumerable: true });
    } else root = mark(0);
  }
  return JSON.stringify(root)
    .split(JSON.stringify(mark(0)))
    .join(valueText)
    .split(JSON.stringify(mark(1)))
    .join(keyText ?? '');
}

const pickOf = <T>(items: readonly T[], pick: number): T => items[pick % items.length] as T;

/** Literal keys that reach into prototypes, and values that would pollute them if merged. */
const PROTO_KEYS = ['"__proto__"', '"constructor"', '"prototype"', '"__proto__"'];
const PROTO_VALUES = [
  '{"polluted":"yes"}',
  '{"prototype":{"polluted":"yes"}}',
  '{"__proto__":{"polluted":"yes"}}',
  '{"toString":"x","valueOf":1,"hasOwnProperty":"x"}',
  '"x"',
  'null',
  '[]',
];
const PROTO_QUERY = [
  ['__proto__', 'x'],
  ['__proto__[polluted]', 'yes'],
  ['constructor[prototype][polluted]', 'yes'],
  ['prototype', 'y'],
  ['constructor', 'z'],
] as const;

/** Text no database stores, as JSON escapes (a raw lone surrogate cannot be written as UTF-8). */
const UNSTORABLE_JSON = ['"a\\u0000b"', '"\\ud800"', '"x\\udc00"', '"\\udbff\\u0041"', '"\\u0000"'];
/** The same in an address, with broken and overlong escapes beside them. */
const UNSTORABLE_ADDRESS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  'a%ED%B0%80',
  '%E0%A4%A',
  '%C0%80',
  '%F4%90%80%80',
  '%',
];

/** Numbers each parser reads its own way: past a double, below one, past an int, -0, huge integers. */
const NUMBER_TEXTS = [
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '-123456789012345678901234567890',
  '-0',
  '1E+308',
  '9007199254740993',
  '-2147483649',
  '2147483648',
  '0.5',
  '-1',
  '1.0',
  '1e20',
  '4.9e-324',
  `1${'0'.repeat(400)}`,
];
const ADDRESS_NUMBERS = [
  ...NUMBER_TEXTS.filter((text) => !text.includes('+')),
  '100000000000000000000',
  '1.5',
  '0x10',
  'Infinity',
  'NaN',
  '1_000',
  '%201',
  '%2B1',
];

/** Lengths past any field's maxLength, up to a body just under the 1 MiB limit. */
const OVERLONG = [257, 5_001, 100_000, 1_000_000];
/**
 * The longest text put in an address: Node's HTTP parser answers 431 itself past 16 KiB of
 * request line and headers, so a longer address never reaches the server outside `inject`.
 */
const ADDRESS_MAX = 12_000;
/** How deep a JSON text in a query nests: as deep as fits in an address (brackets unencoded). */
const ADDRESS_DEEP = 5_000;
const overlongText = (length: number) => 'Aé1 '.repeat(Math.ceil(length / 4)).slice(0, length);

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

let hugeBodies: Array<{ contentType: string; payload: Buffer; code?: string }> | undefined;

/** The 10 MB bodies, made once: JSON, plain text, a form and a multipart upload. */
function hugeBodiesOnce() {
  hugeBodies ??= [
    {
      contentType: 'application/json',
      payload: Buffer.from(`{"text":"${'a'.repeat(HUGE_BYTES)}"}`),
      code: ErrorCode.payloadTooLarge,
    },
    {
      contentType: 'text/plain',
      payload: Buffer.alloc(HUGE_BYTES, 'b'),
      code: ErrorCode.payloadTooLarge,
    },
    { contentType: 'application/x-www-form-urlencoded', payload: Buffer.alloc(HUGE_BYTES, 'c') },
    {
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipartOf({ kind: 'picture' }, Buffer.alloc(HUGE_BYTES, 'd')),
    },
  ];
  return hugeBodies;
}

const BOUNDARY = 'tesserafuzzboundary';

/** A multipart/form-data body: the text fields, then one file. */
function multipartOf(fields: Record<string, unknown>, file: Buffer, fileField = 'file'): Buffer {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${asText(value)}\r\n`,
      ),
    );
  }
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fileField}"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return Buffer.concat(parts);
}

const formOf = (body: unknown) =>
  new URLSearchParams(
    Object.entries(asRecord(body)).map(([key, value]) => [key, asText(value)]),
  ).toString();

/** The content types a JSON route must refuse or read correctly, each with its body. */
function wrongContentType(
  body: unknown,
  pick: number,
): { contentType?: string; payload: string | Buffer } {
  const json = JSON.stringify(body ?? {});
  const variants: Array<() => { contentType?: string; payload: string | Buffer }> = [
    () => ({ contentType: 'text/plain', payload: json }),
    () => ({ contentType: 'application/x-www-form-urlencoded', payload: formOf(body) }),
    () => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipartOf(asRecord(body), Buffer.from('not a picture')),
    }),
    () => ({ contentType: 'multipart/form-data', payload: json }),
    () => ({
      contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
      payload: `--${'b'.repeat(300)}\r\n`,
    }),
    () => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: multipartOf(asRecord(body), Buffer.from('cut short')).subarray(0, -20),
    }),
    () => ({
      contentType: 'application/json; charset=utf-16le',
      payload: Buffer.from(json, 'utf16le'),
    }),
    () => ({
      contentType: 'application/json; charset=latin1',
      payload: Buffer.from(json, 'latin1'),
    }),
    () => ({ contentType: 'application/json; charset=utf-8; charset=ascii', payload: json }),
    () => ({ contentType: 'APPLICATION/JSON ; charset="UTF-8"', payload: json }),
    () => ({ contentType: 'application/json', payload: `\uFEFF${json}` }),
    () => ({ contentType: 'application/json', payload: '' }),
    () => ({ contentType: 'application/json-patch+json', payload: json }),
    () => ({ contentType: 'application/octet-stream', payload: Buffer.from(json) }),
    () => ({ contentType: 'text/html', payload: '<p>hello</p>' }),
    () => ({ contentType: ';;;', payload: json }),
    () => ({ payload: json }),
  ];
  return pickOf(variants, pick)();
}

/** Writes a draw as the request of its kind; `token` is the caller's, for the query's secrets. */
function build(route: RouteEntry, draw: Draw, token: string | null): Built {
  const [p0 = 0, p1 = 0, p2 = 0, p3 = 0] = draw.picks;
  const hasBody = BODY_METHODS.has(route.method);
  const names = paramNames(route);
  const pairs = queryPairs(draw.query);
  const json = (payload: string, expectation?: Expectation): Built => ({
    url: addressOf(pathOf(route, draw.params), pairs),
    contentType: 'application/json',
    payload,
    ...(expectation ? { expectation } : {}),
  });
  const bodyRead = (code: string, status = 400): Expectation => ({
    status,
    code,
    when: 'bodyRead',
  });
  switch (draw.kind) {
    case 'schema':
      return hasBody && route.method !== 'DELETE'
        ? json(draw.rawBody ?? JSON.stringify(draw.body ?? {}))
        : { url: addressOf(pathOf(route, draw.params), pairs) };
    case 'protoKeys': {
      const query: Array<[string, string]> = [
        ...pairs,
        ...PROTO_QUERY.map(([key, value]): [string, string] => [encode(key), value]),
      ];
      const url = addressOf(pathOf(route, draw.params), query);
      const variant = hasBody ? p0 % 4 : 3;
      if (variant === 0) {
        return {
          url,
          contentType: 'application/json',
          payload: bodyWith(draw.body, p1, pickOf(PROTO_VALUES, p2), pickOf(PROTO_KEYS, p3)),
        };
      }
      if (variant === 1) {
        return {
          url,
          contentType: 'application/x-www-form-urlencoded',
          payload: PROTO_QUERY.map(([key, value]) => `${encode(key)}=${value}`).join('&'),
        };
      }
      if (variant === 2) {
        return {
          url,
          contentType: `multipart/form-data; boundary=${BOUNDARY}`,
          payload: multipartOf(
            Object.fromEntries(PROTO_QUERY.map(([key, value]) => [key, value])),
            Buffer.from('x'),
            '__proto__',
          ),
        };
      }
      return { url };
    }
    case 'unstorableText': {
      if (!hasBody) return unstorableAddress(route, draw, pairs);
      if (p0 % 5 === 0) {
        return {
          url: addressOf(pathOf(route, draw.params), pairs),
          contentType: 'text/plain',
          payload: 'a\u0000b',
          expectation: bodyRead(ErrorCode.invalidText),
        };
      }
      const text = pickOf(UNSTORABLE_JSON, p2);
      const payload =
        p0 % 2 === 0 ? bodyWith(draw.body, p1, text) : bodyWith(draw.body, p1, '"x"', text);
      return json(payload, bodyRead(ErrorCode.invalidText));
    }
    case 'unstorableAddress':
      return unstorableAddress(route, draw, pairs);
    case 'overlong': {
      const length = pickOf(OVERLONG, p1);
      const text = overlongText(length);
      const target = p0 % (hasBody ? 4 : 2);
      const inAddress = encode(text.slice(0, ADDRESS_MAX / 3));
      if (target === 0) {
        const name = pickOf(names, p2);
        const given = names.length > 0 ? { [name]: inAddress } : {};
        return {
          url: addressOf(
            pathOf(route, draw.params, given),
            names.length > 0 ? pairs : [...pairs, ['q', inAddress]],
          ),
        };
      }
      if (target === 1) {
        const key = pairs.length > 0 ? pickOf(pairs, p2)[0] : 'q';
        return {
          url: addressOf(pathOf(route, draw.params), [
            ...pairs.filter(([name]) => name !== key),
            [key, inAddress],
          ]),
        };
      }
      if (target === 2) return json(bodyWith(draw.body, p2, JSON.stringify(text)));
      return json(bodyWith(draw.body, p2, '"x"', JSON.stringify(text.slice(0, 100_000))));
    }
    case 'numbers': {
      if (!hasBody || p0 % 3 === 0) {
        const number = pickOf(ADDRESS_NUMBERS, p1);
        const given = Object.fromEntries(names.map((name) => [name, number]));
        const query = pairs.map(([key]): [string, string] => [key, number]);
        return {
          url: addressOf(
            pathOf(route, draw.params, given),
            query.length > 0 ? query : [['page', number]],
          ),
        };
      }
      return json(bodyWith(draw.body, p1, pickOf(NUMBER_TEXTS, p2), undefined, true));
    }
    case 'deep': {
      const nested = p0 % 2 === 0 ? deepArray(DEEP) : deepObject(DEEP);
      if (!hasBody) {
        return {
          url: addressOf(pathOf(route, draw.params), [
            ...pairs,
            ['filter', deepArray(ADDRESS_DEEP)],
          ]),
        };
      }
      const payload = p1 % 3 === 0 ? nested : bodyWith(draw.body, p2, nested);
      return json(payload, bodyRead(ErrorCode.nestingTooDeep));
    }
    case 'huge': {
      const huge = pickOf(hugeBodiesOnce(), p0);
      return {
        url: addressOf(pathOf(route, draw.params), pairs),
        contentType: huge.contentType,
        payload: huge.payload,
        ...(hasBody && huge.code ? { expectation: bodyRead(huge.code, 413) } : {}),
      };
    }
    case 'contentType':
      return {
        url: addressOf(pathOf(route, draw.params), pairs),
        ...wrongContentType(draw.body, p0),
      };
    case 'duplicateQuery': {
      const twice =
        pairs.length > 0
          ? pairs
          : [['page', '1'] as [string, string], ['limit', '5'] as [string, string]];
      const others = ['', '-1', 'x', '1', encode('__proto__')];
      // Secrets under the names of secrets, twice: the log must show neither copy.
      const secretPairs: Array<[string, string]> = [
        ['password', encode(DEMO_PASSWORD)],
        ['password', encode(DEMO_PASSWORD)],
        ...(token ? [['token', encode(token)] as [string, string]] : []),
        ...(token ? [['session', encode(token)] as [string, string]] : []),
      ];
      const query = [
        ...twice,
        ...twice.map(([key], index): [string, string] => [key, pickOf(others, p1 + index)]),
        ...secretPairs,
      ];
      if (!hasBody) return { url: addressOf(pathOf(route, draw.params), query) };
      // Duplicate keys in the body too: JSON allows them, and the last one wins.
      const first = Object.keys(asRecord(draw.body))[0] ?? 'value';
      const payload = bodyWith(
        draw.body,
        p2,
        pickOf(['1', '"x"', 'null', '{}', '[]'], p3),
        JSON.stringify(first),
      );
      return {
        url: addressOf(pathOf(route, draw.params), query),
        contentType: 'application/json',
        payload,
      };
    }
  }
}

/** A NUL, a lone surrogate or a broken escape in a path parameter, a query value or a query key. */
function unstorableAddress(route: RouteEntry, draw: Draw, pairs: Array<[string, string]>): Built {
  const [, p1 = 0, p2 = 0, p3 = 0] = draw.picks;
  const names = paramNames(route);
  const text = pickOf(UNSTORABLE_ADDRESS, p2);
  const target = p1 % (names.length > 0 ? 3 : 2);
  let url: string;
  if (target === 2)
    url = addressOf(pathOf(route, draw.params, { [pickOf(names, p3)]: text }), pairs);
  else if (target === 1) url = addressOf(pathOf(route, draw.params), [...pairs, [text, '1']]);
  else url = addressOf(pathOf(route, draw.params), [...pairs, ['q', text]]);
  return { url, expectation: { status: 400, code: ErrorCode.invalidText, when: 'always' } };
}

/** True when the answer is what the request's kind must get. */
function meets(expectation: Expectation, method: string, status: number, code: string): boolean {
  if (status === expectation.status && code === expectation.code) return true;
  if (expectation.when === 'always' || !BODY_METHODS.has(method)) return false;
  return BEFORE_BODY_STATUSES.has(status) || BEFORE_BODY_CODES.has(code);
}

/** The built-ins a polluting merge would change, watched by their own properties. */
const WATCHED: Record<string, object> = {
  Object,
  'Object.prototype': Object.prototype,
  'Array.prototype': Array.prototype,
  'Function.prototype': Function.prototype,
};

/** Every own property (symbols too) of the watched built-ins, with its descriptor. */
export function snapshotBuiltins(): Map<string, PropertyDescriptor> {
  const snapshot = new Map<string, PropertyDescriptor>();
  for (const [name, target] of Object.entries(WATCHED)) {
    for (const key of Reflect.ownKeys(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, key);
      if (descriptor) snapshot.set(`${name}.${String(key)}`, descriptor);
    }
  }
  return snapshot;
}

const DESCRIPTOR_FIELDS = [
  'value',
  'get',
  'set',
  'writable',
  'enumerable',
  'configurable',
] as const;

/** What differs between two snapshots: properties added, removed or redefined. */
export function builtinChanges(
  before: Map<string, PropertyDescriptor>,
  after: Map<string, PropertyDescriptor>,
): string[] {
  const changes: string[] = [];
  for (const [name, descriptor] of after) {
    const old = before.get(name);
    if (!old) changes.push(`added ${name}`);
    else if (DESCRIPTOR_FIELDS.some((field) => !Object.is(old[field], descriptor[field]))) {
      changes.push(`changed ${name}`);
    }
  }
  for (const name of before.keys()) if (!after.has(name)) changes.push(`removed ${name}`);
  return changes;
}

/** The answer's error code, or what it is when it has none. */
function codeOf(response: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  if (!String(response.headers['content-type']).includes('json'))
    return `${response.statusCode} page`;
  try {
    return String((JSON.parse(response.body) as { code?: string }).code);
  } catch {
    return `${response.statusCode} unreadable`;
  }
}

const shorten = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length)}… (${text.length} chars)` : text;

/** Starts a server on a fresh database with the demo, fuzzes every route, and stops it. */
export async function fuzzRoutes(options: RouteFuzzOptions): Promise<RouteFuzzResult> {
  const report = options.report ?? (() => undefined);
  KNOWN_TEXTS.length = 0;
  KNOWN_TEXTS.push(...FIXED_TEXTS);
  const server = await startTestServer({ demoWorkload: true });
  const routes: RouteEntry[] = [];
  const logLines: string[] = [];
  const config = testConfig({ logLevel: 'info', rateLimitPerMinute: 1_000_000_000 });
  const app = await buildApp({
    config,
    database: server.database,
    logger: { level: 'info', stream: { write: (line: string) => void logLines.push(line) } },
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        if (options.only && !route.url.includes(options.only)) continue;
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

  // What must never reach the log: the demo password (sent in bodies), every hash the
  // database keeps, every token the fuzz sends, and the database's address.
  const secrets = new Map<string, string>([
    ['the demo password', DEMO_PASSWORD],
    ['the demo password, encoded', encodeURIComponent(DEMO_PASSWORD)],
  ]);
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    secrets.set('DATABASE_URL', databaseUrl);
    const password = URL.canParse(databaseUrl) ? new URL(databaseUrl).password : '';
    if (password.length >= 4) secrets.set("DATABASE_URL's password", password);
  }
  const hashes = await db.selectFrom('users').select(['email', 'password_hash']).execute();
  for (const { email, password_hash: hash } of hashes) {
    if (hash.length >= 8) secrets.set(`the password hash of ${email}`, hash);
  }
  const clients = await db
    .selectFrom('integration_clients')
    .select(['name', 'secret_hash'])
    .execute();
  for (const { name, secret_hash: hash } of clients)
    secrets.set(`the secret hash of ${name}`, hash);
  // Outside systems sign in with a client's token, never a cookie: one with every scope.
  const clientToken = (
    await createIntegrationClient(db, {
      tenant: 'internal',
      name: 'Route fuzz',
      scopes: Object.values(IntegrationScope),
      createdBy: 'pnair',
    })
  ).token;
  secrets.set("the integration client's token", clientToken);
  const clientSecret = clientToken.split('.').at(-1) ?? clientToken;
  if (clientSecret.length >= 8) secrets.set("the integration client's secret", clientSecret);

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
        secrets.set(`the session cookie of ${caller.email}`, token);
        return token;
      }),
    );
  }

  const totals = { requests: 0, '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
  const kinds = Object.fromEntries(REQUEST_KINDS.map((kind) => [kind, 0])) as Record<
    RequestKind,
    number
  >;
  const failures: string[] = [];
  const mismatches: string[] = [];
  const prototypeChanges: string[] = [];
  const slowest: SlowAnswer[] = [];
  const builtins = snapshotBuiltins();
  const started = performance.now();
  for (const [index, route] of routes.entries()) {
    const tokens = await sessions();
    // Every kind beyond the schema, from each of the callers who send them, then a draw
    // over all kinds for the rest; a stream that would stay open gets only what it refuses.
    const stream = OPEN_STREAMS.has(route.url);
    const beyond = REQUEST_KINDS.filter((kind) => kind !== 'schema').filter(
      (kind) => !stream || kind === 'unstorableAddress',
    );
    const draws = beyond.flatMap((kind, at) =>
      BEYOND_CALLERS.flatMap((caller, by) =>
        fc.sample(drawOf(route, kind, caller), {
          numRuns: 1,
          seed: options.seed + index * 1000 + at * 10 + by,
        }),
      ),
    );
    if (!stream && options.perRoute > draws.length) {
      draws.push(
        ...fc.sample(anyDrawOf(route), {
          numRuns: options.perRoute - draws.length,
          seed: options.seed + index,
        }),
      );
    }
    const counts = { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 };
    const refusals = new Map<string, number>();
    let slow: SlowAnswer = { milliseconds: 0, route: `${route.method} ${route.url}`, request: '' };
    const routeStarted = performance.now();
    const retime: Array<{ request: InjectOptions; first: number; described: () => string }> = [];
    for (let at = 0; at < draws.length; at += PARALLEL) {
      await Promise.all(
        draws.slice(at, at + PARALLEL).map(async (draw, offset) => {
          const caller = CALLERS[draw.caller] ?? CALLERS[0];
          const token = tokens[draw.caller];
          const host =
            caller.tenant === 'acme' && draw.host === 'localhost' ? 'acme.localhost' : draw.host;
          const built = build(route, draw, token ?? null);
          const integration = route.url.startsWith('/api/integration/');
          const request: InjectOptions = {
            method: route.method as InjectOptions['method'],
            url: built.url,
            remoteAddress: `10.9.${index % 250}.${(at + offset) % 250}`,
            headers: {
              host,
              'x-tenant-name': host.split('.')[0] === 'localhost' ? 'internal' : host.split('.')[0],
              ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
              ...(token && integration ? { authorization: `Bearer ${clientToken}` } : {}),
              ...(built.contentType !== undefined ? { 'content-type': built.contentType } : {}),
            },
            ...(built.payload !== undefined ? { payload: built.payload } : {}),
          };
          const sent = performance.now();
          const response = await app.inject(request);
          const milliseconds = performance.now() - sent;
          kinds[draw.kind] += 1;
          const who = caller.email ?? 'anonymous';
          const described = () =>
            `${route.method} ${shorten(built.url, 160)} (${draw.kind}, ${built.contentType ?? 'no content type'}, as ${who})`;
          if (milliseconds > RETIME_MS) retime.push({ request, first: milliseconds, described });
          else if (milliseconds > slow.milliseconds) {
            slow = { milliseconds, route: slow.route, request: described() };
          }
          const status = answersOnPurpose(route, response.statusCode) ? 200 : response.statusCode;
          const family = `${Math.floor(status / 100)}xx` as keyof typeof counts;
          if (family in counts) counts[family] += 1;
          const code = status >= 400 ? codeOf(response) : '';
          if (status >= 400 && status < 500) {
            refusals.set(code, (refusals.get(code) ?? 0) + 1);
            if (code === options.debugCode) {
              report(
                `${described()} ${shorten(String(request.payload ?? ''), 200)} -> ${shorten(response.body, 300)}`,
              );
            }
          }
          if (
            built.expectation &&
            !meets(built.expectation, route.method, response.statusCode, code) &&
            mismatches.length < 50
          ) {
            mismatches.push(
              `${described()}: ${response.statusCode} ${code}, not ${built.expectation.status} ${built.expectation.code}`,
            );
          }
          if (status >= 500 && failures.length < 50) {
            failures.push(
              `${response.statusCode} ${described()} body ${shorten(String(request.payload ?? ''), 300)} -> ${shorten(response.body, 300)}`,
            );
          }
        }),
      );
      // A slow answer is timed again, alone: the route's own time, not a pause of the machine
      // or the three requests beside it, is what must stay under a second.
      for (const { request, first, described } of retime.splice(0)) {
        const sent = performance.now();
        await app.inject(request);
        const milliseconds = Math.min(first, performance.now() - sent);
        if (milliseconds > slow.milliseconds) {
          slow = { milliseconds, first, route: slow.route, request: described() };
        }
      }
    }
    // Checked after each route, so a change is laid at the door of the route that made it.
    const changes = builtinChanges(builtins, snapshotBuiltins());
    if (changes.length > 0 && prototypeChanges.length < 50) {
      prototypeChanges.push(`after ${route.method} ${route.url}: ${changes.join(', ')}`);
    }
    slowest.push(slow);
    totals.requests += draws.length;
    for (const key of Object.keys(counts) as (keyof typeof counts)[]) totals[key] += counts[key];
    const seconds = ((performance.now() - routeStarted) / 1000).toFixed(1);
    report(
      `${route.method.padEnd(6)} ${route.url.padEnd(58)} 2xx ${String(counts['2xx']).padStart(4)}` +
        ` 3xx ${String(counts['3xx']).padStart(4)} 4xx ${String(counts['4xx']).padStart(4)}` +
        ` 5xx ${String(counts['5xx']).padStart(3)}  ${seconds} s, slowest ${slow.milliseconds.toFixed(0)} ms  ` +
        [...refusals]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 3)
          .map(([code, n]) => `${code} ${n}`)
          .join(', '),
    );
  }
  await app.close();
  await server.close();

  const errorLines: string[] = [];
  const secretLines: string[] = [];
  for (const line of logLines) {
    if ((JSON.parse(line) as { level: number }).level >= 50 || line.includes('"stack"')) {
      if (errorLines.length < 50) errorLines.push(shorten(line, 600));
    }
    for (const [name, secret] of secrets) {
      // The line is shown without the secret, which a report must not spread either.
      if (line.includes(secret) && secretLines.length < 50) {
        secretLines.push(`${name}: ${shorten(line.replaceAll(secret, '[secret]'), 600)}`);
      }
    }
  }
  const { requests, ...counts } = totals;
  return {
    routes: routes.length,
    urls: routes.map((route) => `${route.method} ${route.url}`),
    requests,
    counts,
    kinds,
    failures,
    mismatches,
    errorLines,
    secretLines,
    prototypeChanges,
    slowest: slowest.sort((a, b) => b.milliseconds - a.milliseconds),
    seconds: (performance.now() - started) / 1000,
  };
}

/** The ten slowest routes' answers, one line each, for a report. */
export function slowestLines(result: RouteFuzzResult, count = 10): string[] {
  return result.slowest
    .slice(0, count)
    .map(
      (slow) =>
        `${slow.milliseconds.toFixed(0).padStart(6)} ms  ${slow.request}` +
        (slow.first === undefined ? '' : ` (${slow.first.toFixed(0)} ms beside others)`),
    );
}
