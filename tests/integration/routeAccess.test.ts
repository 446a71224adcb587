import type { InjectOptions, LightMyRequestResponse, RouteOptions } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TYPES } from '../../schemas/api/reportsConstants';
import { buildApp } from '../../server/app';
import { storeObjectDefinition } from '../../server/records/objectDefinitions';
import {
  DEMO_OBJECT_DEFINITIONS,
  demoCustomers,
  insertRecords,
} from '../../server/seed/demoRecords';
import { SESSION_COOKIE } from '../../server/fastify/session';
import { createSession } from '../../server/identity/sessions';
import {
  CALLERS,
  CALLER_PRIVILEGES,
  expectedStatus,
  type Caller,
  type RouteCallers,
  type RouteCallersTable,
} from '../../server/testing/routeAccess';
import { startTestServer, testConfig, type TestServer } from '../../server/testing/startTestServer';
import { deployKit, makeTask } from '../../server/workflow/testing/taskTestKit';
import { multipartBody } from './uploadForm';

// Every route of the app, tried as every kind of caller (server/testing/routeAccess.ts), each
// answer compared with the status its declaration (the `callers.ts` beside the route) derives.

/** Every folder's declarations, found by name, so a new folder's file needs no listing here. */
const DECLARATION_FILES = import.meta.glob<{ callers: RouteCallersTable }>(
  '../../server/**/callers.ts',
  { eager: true },
);

type Schema = Record<string, unknown>;

interface RouteEntry {
  key: string;
  method: string;
  url: string;
  body?: Schema;
}

/** The users the callers sign in as: demo staff where one fits, the others made below. */
const CALLER_USERS: Readonly<Record<Exclude<Caller, 'anonymous'>, { id: string; tenant: string }>> =
  {
    task: { id: 'access-task-only', tenant: 'internal' },
    bo: { id: 'access-bo-only', tenant: 'internal' },
    test: { id: 'access-test-only', tenant: 'internal' },
    admin: { id: 'access-admin-only', tenant: 'internal' },
    none: { id: 'evidal', tenant: 'internal' },
    owner: { id: 'lmartin', tenant: 'internal' },
    nonOwner: { id: 'access-task-colleague', tenant: 'internal' },
    otherTenant: { id: 'acme-access-all', tenant: 'acme' },
    foreignCookie: { id: 'acme-access-all', tenant: 'acme' },
    mustChange: { id: 'tbernard', tenant: 'internal' },
  };

/** The users this test makes: one per single privilege, and an acme user with every one. */
const MADE_USERS: Caller[] = ['task', 'bo', 'test', 'admin', 'nonOwner', 'otherTenant'];

/** Every declaration, with the file it came from. */
function declarations(): Map<string, RouteCallers> {
  const all = new Map<string, RouteCallers>();
  for (const [file, module] of Object.entries(DECLARATION_FILES)) {
    for (const [key, declaration] of Object.entries(module.callers)) {
      if (all.has(key)) throw new Error(`${key} is declared twice (again in ${file}).`);
      all.set(key, declaration);
    }
  }
  return all;
}

/**
 * The smallest value a schema accepts: required keys only, the first of an enum or a union,
 * the shortest text, the lowest number; an id-named key gets the test object of its name.
 */
function minimalValue(schema: Schema | undefined, ids: Record<string, string>, name = ''): unknown {
  if (!schema) return undefined;
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variants = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (variants && variants.length > 0) {
    const chosen = variants.find((variant) => variant.type !== 'null') ?? variants[0];
    return minimalValue(chosen, ids, name);
  }
  if (Array.isArray(schema.allOf)) {
    return minimalValue(Object.assign({}, ...(schema.allOf as Schema[])) as Schema, ids, name);
  }
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const key of (schema.required ?? []) as string[]) {
        out[key] = minimalValue(properties[key], ids, key);
      }
      return out;
    }
    case 'array': {
      const itemName = name.endsWith('s') ? name.slice(0, -1) : name;
      const count = Math.max(Number(schema.minItems ?? 0), ids[itemName] ? 1 : 0);
      return Array.from({ length: count }, () =>
        minimalValue(schema.items as Schema | undefined, ids, itemName),
      );
    }
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'string': {
      const known = ids[name];
      if (known !== undefined) return known;
      if (typeof schema.pattern === 'string') {
        const pattern = new RegExp(schema.pattern, 'u');
        const fits = [...Object.values(ids), ...PATTERN_CANDIDATES].find((text) =>
          pattern.test(text),
        );
        if (fits !== undefined) return fits;
      }
      if (schema.format === 'date-time') return new Date().toISOString();
      if (schema.format === 'date') return new Date().toISOString().slice(0, 10);
      if (schema.format === 'email') return 'nobody@tessera.example';
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      return 'x'.repeat(Math.max(Number(schema.minLength ?? 1), 1));
    }
    default:
      return undefined;
  }
}

/** Texts tried, after the test objects' ids, for a string that must match a pattern. */
const PATTERN_CANDIDATES = ['x', '/x', 'x-1', '00000000-0000-4000-8000-000000000000', '1'];

/** Replaces `:name` placeholders in a text with the test objects' ids. */
function fill(text: string, ids: Record<string, string>): string {
  return text.replace(/:([A-Za-z]+)/g, (match, name: string) => ids[name] ?? match);
}

function fillDeep(value: unknown, ids: Record<string, string>): unknown {
  if (typeof value === 'string') return fill(value, ids);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, ids));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, ids)]));
  }
  return value;
}

describe('who may call each route', () => {
  let server: TestServer;
  const routes: RouteEntry[] = [];
  let picture: Buffer;
  /** Each caller's user's email, for calls that name the caller's own account. */
  const emails = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer({ config: { devOutbox: true } });
    // The same app again, on the same database, to see every route as it is added.
    const lister = await buildApp({
      config: testConfig({ devOutbox: true }),
      database: server.database,
      logger: false,
      onRoute: (route: RouteOptions) => {
        const methods = Array.isArray(route.method) ? route.method : [route.method];
        for (const method of methods) {
          if (method === 'HEAD' || method === 'OPTIONS') continue;
          // The client build's files (server/routes/spa.ts): served the same to every caller,
          // and registered only where the client is built, so this test sees it or not
          // depending on which stage ran first.
          if (method === 'GET' && route.url === '/*') continue;
          routes.push({
            key: `${method} ${route.url}`,
            method,
            url: route.url,
            body: (route.schema as { body?: Schema } | undefined)?.body,
          });
        }
      },
    });
    await lister.ready();
    await lister.close();

    const db = server.database.db;
    const { password_hash } = await db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', 'lmartin')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('users')
      .values(
        MADE_USERS.map((caller) => ({
          id: CALLER_USERS[caller as Exclude<Caller, 'anonymous'>].id,
          tenant: CALLER_USERS[caller as Exclude<Caller, 'anonymous'>].tenant,
          email: `${CALLER_USERS[caller as Exclude<Caller, 'anonymous'>].id}@tessera.example`,
          first_name: 'Access',
          last_name: caller,
          password_hash,
          privileges: [...CALLER_PRIVILEGES[caller]],
          manager_id: null,
          locale: 'en',
        })),
      )
      .execute();
    // One business object with one record, for the back office's routes.
    const customers = DEMO_OBJECT_DEFINITIONS[0];
    if (!customers) throw new Error('The demo has no object definitions.');
    await storeObjectDefinition(db, 'internal', customers);
    await insertRecords(db, 'internal', customers, demoCustomers(1));
    // The non-owner works in onboarding: a colleague of the owner's tenant, not of his groups
    // or team (whose members see each other's cases by the instance rule).
    await db
      .insertInto('group_members')
      .values({ tenant: 'internal', group_id: 'onboarding', user_id: CALLER_USERS.nonOwner.id })
      .execute();
    const users = await db.selectFrom('users').select(['id', 'email']).execute();
    for (const user of users) emails.set(user.id, user.email);
    await deployKit(server);
    picture = await sharp({
      create: { width: 4, height: 4, channels: 3, background: '#1f6feb' },
    })
      .png()
      .toBuffer();
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  /** A session for each signed-in caller. */
  async function sessions(): Promise<Map<Caller, string>> {
    const signedIn = CALLERS.filter((caller) => caller !== 'anonymous');
    const tokens = await Promise.all(
      signedIn.map(async (caller) => {
        const user = CALLER_USERS[caller];
        const { token } = await createSession(server.database.db, {
          tenant: user.tenant,
          userId: user.id,
          kind: caller === 'mustChange' ? 'password-change' : 'full',
          lifetimes: { idleMinutes: 30, absoluteHours: 12 },
        });
        return [caller, token] as const;
      }),
    );
    return new Map(tokens);
  }

  /** The owner's objects: a case Lucas started, its open task (his), and a picture on it. */
  async function makeObjects(seeded: Record<string, string>): Promise<Record<string, string>> {
    const task = await makeTask(server, {
      name: 'Access check',
      assignee: 'lmartin',
      startedBy: 'lmartin',
    });
    const ids: Record<string, string> = {
      ...seeded,
      taskId: task.id,
      processInstanceId: task.instanceId,
    };
    const { token } = await createSession(server.database.db, {
      tenant: 'internal',
      userId: 'lmartin',
      kind: 'full',
      lifetimes: { idleMinutes: 30, absoluteHours: 12 },
    });
    const { body, contentType } = await multipartBody(
      { taskId: task.id, kind: 'picture' },
      { name: 'access.png', type: 'image/png', content: picture },
    );
    const upload = await server.app.inject({
      method: 'POST',
      url: '/api/task/file',
      headers: { cookie: `${SESSION_COOKIE}=${token}`, 'content-type': contentType },
      payload: body,
    });
    if (upload.statusCode !== 200) throw new Error(`The test's upload failed: ${upload.body}`);
    ids.fileId = (upload.json() as { result: { id: string } }).result.id;
    return ids;
  }

  /** Ids of seeded things the routes name: records, templates, forms, definitions. */
  async function seededIds(): Promise<Record<string, string>> {
    const db = server.database.db;
    const record = await db
      .selectFrom('object_records')
      .select(['id', 'key', 'version'])
      .where('tenant', '=', 'internal')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const template = await db
      .selectFrom('document_templates')
      .select('id')
      .where('tenant', '=', 'internal')
      .executeTakeFirstOrThrow();
    const designer = await db
      .selectFrom('form_definitions')
      .select('id')
      .where('tenant', '=', 'internal')
      .where('id', 'like', 'DSG-%')
      .executeTakeFirst();
    const kitAlpha = await db
      .selectFrom('process_definitions')
      .select('id')
      .where('tenant', '=', 'internal')
      .where('key', '=', 'kitAlpha')
      .executeTakeFirstOrThrow();
    const kitZulu = await db
      .selectFrom('process_definitions')
      .select('id')
      .where('tenant', '=', 'internal')
      .where('key', '=', 'kitZulu')
      .executeTakeFirstOrThrow();
    return {
      startableDefinitionId: kitAlpha.id,
      retirableDefinitionId: kitZulu.id,
      userId: 'lmartin',
      key: record.key,
      version: String(record.version),
      recordId: record.id,
      templateId: template.id,
      type: REPORT_TYPES[0],
      tenantId: 'internal',
      designerFormId: designer?.id ?? 'DSG-none',
    };
  }

  /** Sends one route its request as one caller, on the caller's tenant's host. */
  async function send(
    route: RouteEntry,
    declaration: RouteCallers,
    caller: Caller,
    tokens: Map<Caller, string>,
    ids: Record<string, string>,
  ): Promise<LightMyRequestResponse> {
    const wanted = declaration.request ?? {};
    const user = caller === 'anonymous' ? undefined : CALLER_USERS[caller];
    ids = {
      ...ids,
      callerId: user?.id ?? 'nobody',
      callerEmail: emails.get(user?.id ?? '') ?? 'nobody@tessera.example',
    };
    const params = { ...ids, ...wanted.params };
    let url = route.url.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
      encodeURIComponent(fill(params[name] ?? 'x', ids)),
    );
    url = url.replace('*', fill(params['*'] ?? 'x', ids));
    if (wanted.query)
      url += `?${new URLSearchParams(fillDeep(wanted.query, ids) as Record<string, string>)}`;
    const tenant = caller === 'otherTenant' ? 'acme' : 'internal';
    const token = tokens.get(caller);
    const request: InjectOptions = {
      method: route.method as InjectOptions['method'],
      url,
      headers: {
        host: tenant === 'acme' ? 'acme.localhost' : 'localhost',
        // As the app sends it with every call.
        'x-tenant-name': tenant,
        ...(token ? { cookie: `${SESSION_COOKIE}=${token}` } : {}),
        ...wanted.headers,
      },
      payloadAsStream: declaration.stream === true,
    };
    if (wanted.multipart) {
      const { body, contentType } = await multipartBody(
        fillDeep(wanted.multipart.fields, ids) as Record<string, string>,
        wanted.multipart.file ? { ...wanted.multipart.file, content: picture } : undefined,
      );
      request.headers = { ...request.headers, 'content-type': contentType };
      request.payload = body;
    } else if (typeof wanted.body === 'string') {
      request.headers = { ...request.headers, 'content-type': 'application/json' };
      request.payload = fill(wanted.body, ids);
    } else if (route.body || wanted.body) {
      const drawn = minimalValue(route.body, ids) as Record<string, unknown> | undefined;
      request.headers = { ...request.headers, 'content-type': 'application/json' };
      request.payload = JSON.stringify({ ...drawn, ...(fillDeep(wanted.body, ids) as object) });
    }
    const response = await server.app.inject(request);
    if (declaration.stream) response.stream().destroy();
    return response;
  }

  it('given the route list, then every route has a declaration of who may call it, and every declaration a route', () => {
    const declared = declarations();
    const keys = new Set(routes.map((route) => route.key));
    const undeclared = [...keys].filter((key) => !declared.has(key));
    const unrouted = [...declared.keys()].filter((key) => !keys.has(key));
    expect(routes.length).toBeGreaterThan(60);
    expect(
      undeclared,
      'Routes without a declaration: add each to the callers.ts beside the route',
    ).toEqual([]);
    expect(unrouted, 'Declarations naming no route').toEqual([]);
  });

  it('given every route and every kind of caller, when each calls, then each gets the status declared for it', async () => {
    const declared = declarations();
    const seeded = await seededIds();
    let ids = await makeObjects(seeded);
    const mismatches: string[] = [];
    for (const route of routes) {
      const declaration = declared.get(route.key);
      if (!declaration) continue;
      if (declaration.changes) ids = await makeObjects(seeded);
      // Fresh sessions for each route: sign-out and a password change end theirs.
      const tokens = await sessions();
      const check = async (caller: Caller) => {
        const expected = expectedStatus(declaration, caller);
        const response = await send(route, declaration, caller, tokens, ids);
        if (response.statusCode === expected) return;
        const body = declaration.stream ? '' : response.body.slice(0, 160);
        mismatches.push(
          `${route.key.padEnd(64)} ${caller.padEnd(13)} expected ${expected}, got ${response.statusCode} ${body}`,
        );
      };
      if (declaration.changes) {
        // One at a time, refused callers first, so an allowed change cannot hide a refusal.
        const order = [...CALLERS].sort(
          (a, b) =>
            Number(expectedStatus(declaration, a) < 300) -
            Number(expectedStatus(declaration, b) < 300),
        );
        for (const caller of order) await check(caller);
      } else {
        await Promise.all(CALLERS.map(check));
      }
    }
    mismatches.sort();
    expect(mismatches.join('\n'), `${mismatches.length} mismatches`).toBe('');
  }, 600_000);
});
