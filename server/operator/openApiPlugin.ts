import swagger from '@fastify/swagger';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { NoQuery } from '../../schemas/api/common';
import { definePlugin } from '../fastify/definePlugin';
import { SESSION_COOKIE } from '../fastify/session';
import { TENANT_HEADER } from '../fastify/tenant';
import { errorResponses } from '../routes/errorResponses';
import { describeAnswers } from './describeAnswers';

/** Where the API's description is served. */
export const OPENAPI_PATH = '/api/openapi.json';

/** The version the description states; the API is versioned by its paths, not here. */
const API_VERSION = '1';

/**
 * Collects every route added after it, with its schemas, into an OpenAPI 3.1 document
 * (`app.swagger()`): registered before the routes, because @fastify/swagger sees them as they
 * are added.
 */
export const openApiPlugin = definePlugin('tessera-openapi', async (app) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tessera API',
        version: API_VERSION,
        description:
          'The JSON API of Tessera. Calls need the session cookie of a sign-in, and the ' +
          `tenant comes from the host name (\`${TENANT_HEADER}\` must agree with it).`,
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          metricsToken: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    transformObject: (documentObject) =>
      describeAnswers('openapiObject' in documentObject ? documentObject.openapiObject : {}),
  });
});

/**
 * Serves the document at {@link OPENAPI_PATH}, built once at the first call: routes do not
 * change while the server runs. It describes the API and holds no data, so no session is
 * needed; being under /api, it has the tenant and maintenance checks of every API call.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let document: string | undefined;
  app.get(
    OPENAPI_PATH,
    {
      schema: {
        summary: 'This description of the API (OpenAPI 3.1)',
        tags: ['operator'],
        querystring: NoQuery,
        response: {
          200: Type.Object({}, { additionalProperties: true }),
          ...errorResponses(400, 404),
        },
      },
    },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
}
