import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisPath } from '../../schemas/api/analysis';
import { buildApp } from '../../server/app';
import { OPENAPI_PATH } from '../../server/operator/openApiPlugin';
import { startTestServer, testConfig, type TestServer } from '../../server/testing/startTestServer';

/** One route as the router saw it being added. */
interface SeenRoute {
  method: string;
  url: string;
  schema: Record<string, unknown> | undefined;
}

interface Operation {
  summary?: string;
  tags?: string[];
  responses?: Record<string, unknown>;
}

type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation | undefined> | undefined>;
};

/**
 * Routes left out of the description on purpose, each for its reason: the SPA's files (HTML,
 * scripts and styles, not API) and the analysis identity provider, whose OpenID Connect
 * protocol its own discovery document describes. Any other hidden route is a failure.
 */
const HIDDEN_ON_PURPOSE = new Set(['/', '/*', `${AnalysisPath.idp}/*`]);

/** Builds the app like the server does, noting every route it adds. */
async function appWithRoutes(
  server: TestServer,
  addRoutes?: (app: FastifyInstance) => void,
): Promise<{ app: FastifyInstance; routes: SeenRoute[] }> {
  const routes: SeenRoute[] = [];
  const app = await buildApp({
    config: testConfig(),
    database: server.database,
    onRoute: (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: route.url, schema: route.schema as SeenRoute['schema'] });
      }
    },
  });
  addRoutes?.(app);
  await app.ready();
  return { app, routes };
}

async function describedApi(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ url: OPENAPI_PATH, headers: { host: 'localhost' } });
  expect(response.statusCode).toBe(200);
  return response.json<OpenApiDocument>();
}

/** `/api/forms/:formId` as OpenAPI writes it: `/api/forms/{formId}`. */
const openApiPath = (url: string): string =>
  url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/**
 * What the description lacks for each route: a schema, the operation itself, a summary, a
 * success answer, the error answers every API route can give (`errorResponses(...)`: 500 and
 * 503), and 400 for a route that takes any input.
 */
function missingDescriptions(routes: SeenRoute[], document: OpenApiDocument): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    if (!route.schema) {
      problems.push(`${name}: no schema`);
      continue;
    }
    if (route.schema.hide === true) {
      if (!HIDDEN_ON_PURPOSE.has(route.url)) problems.push(`${name}: hidden from the description`);
      continue;
    }
    const operation = document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
    if (!operation) {
      problems.push(`${name}: not in the description`);
      continue;
    }
    if (!operation.summary?.trim()) problems.push(`${name}: no summary`);
    const statuses = Object.keys(operation.responses ?? {});
    if (!statuses.some((status) => /^[23]\d\d$/.test(status))) {
      problems.push(`${name}: no success answer`);
    }
    for (const status of ['500', '503']) {
      if (!statuses.includes(status)) problems.push(`${name}: no ${status} answer`);
    }
    const takesInput = ['params', 'querystring', 'body'].some((part) => route.schema?.[part]);
    if (takesInput && !statuses.includes('400')) problems.push(`${name}: no 400 answer`);
  }
  return problems;
}

describe('the OpenAPI description of the API', () => {
  let server: TestServer;
  let app: FastifyInstance;
  let routes: SeenRoute[];
  let document: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    ({ app, routes } = await appWithRoutes(server));
    document = await describedApi(app);
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await server?.close();
  });

  it('given the server, when the description is asked without a session, then it is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(document);

    expect(document.openapi).toBe('3.1.0');
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    // Every answer says what it means, and every operation has a group.
    expect(JSON.stringify(document)).not.toContain('Default Response');
    expect(document.paths['/api/task/comments']?.post).toMatchObject({
      tags: ['task'],
      responses: { '403': { description: expect.stringContaining('privilege') } },
    });
  });

  it('given every route of the app, when looked up in the description, then each has a summary, a success answer and its error answers', () => {
    expect(routes.length).toBeGreaterThan(80);
    expect(missingDescriptions(routes, document)).toEqual([]);
    for (const path of ['/healthz', '/readyz', '/metrics', OPENAPI_PATH]) {
      expect(document.paths[path]?.get?.summary).toEqual(expect.any(String));
    }
  });

  it('given a route added without a summary or error answers, when the description is checked, then that route is named', async () => {
    const { app: careless, routes: carelessRoutes } = await appWithRoutes(server, (target) => {
      target.get(
        '/api/undescribed/:id',
        { schema: { response: { 200: { type: 'object', properties: {} } } } },
        async () => ({}),
      );
      target.get('/api/unschematic', async () => ({}));
    });
    try {
      const problems = missingDescriptions(
        carelessRoutes.filter((route) => !routes.some((known) => known.url === route.url)),
        await describedApi(careless),
      );

      expect(problems).toEqual([
        'GET /api/undescribed/:id: no summary',
        'GET /api/undescribed/:id: no 500 answer',
        'GET /api/undescribed/:id: no 503 answer',
        'GET /api/unschematic: no schema',
      ]);
    } finally {
      await careless.close();
    }
  });
});
