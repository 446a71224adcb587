import { createHash, timingSafeEqual } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, NoQuery } from '../../schemas/api/common';
import { OperatorPath } from '../fastify/apiPaths';
import { sendError } from '../fastify/errorHandler';
import type { TypeBoxProvider } from '../fastify/typeProvider';
import { errorResponses } from '../routes/errorResponses';
import { openApiRoutes } from './openApiPlugin';
import { HealthAnswer, NotReadyAnswer, ReadyAnswer } from './operatorSchemas';

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * True when the request carries `Authorization: Bearer <token>`. Both sides are hashed first,
 * so the comparison takes the same time whatever the length or the first wrong character.
 */
export function carriesToken(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return timingSafeEqual(sha256(match?.[1] ?? ''), sha256(token)) && match !== null;
}

const OPERATOR_TAG = 'operator';

/** Operator answers are about this moment: no cache may keep them. */
function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/**
 * `/healthz`, `/readyz` and `/metrics`, and the API's description (openApiPlugin.ts). The
 * first three needs a session or a tenant (see
 * `isOperatorPath`); health and readiness are open because they say one word, metrics ask
 * for METRICS_TOKEN and answer 404 while it is not set, as if there were no such route.
 */
export async function operatorRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  await app.register(openApiRoutes);

  app.get(
    OperatorPath.health,
    {
      schema: {
        summary: 'Answers while the process runs (liveness)',
        tags: [OPERATOR_TAG],
        querystring: NoQuery,
        response: { 200: HealthAnswer, ...errorResponses(400) },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { status: 'ok' as const };
    },
  );

  app.get(
    OperatorPath.ready,
    {
      schema: {
        summary: 'Whether this process should get traffic (readiness)',
        description:
          '503 while the server drains before it stops, while the database does not answer ' +
          'within two seconds, or while migrations are missing; 200 again as soon as that ends.',
        tags: [OPERATOR_TAG],
        querystring: NoQuery,
        response: { 200: ReadyAnswer, ...errorResponses(400), 503: NotReadyAnswer },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      const reason = app.operator.draining ? 'draining' : await app.operator.checkReadiness();
      if (reason === null) return { status: 'ready' as const };
      return reply.code(503).send({ status: 'not ready' as const, reason });
    },
  );

  app.get(
    OperatorPath.metrics,
    {
      schema: {
        summary: 'Prometheus metrics (bearer METRICS_TOKEN)',
        description:
          'Request durations by route pattern and status, database pool and query times, ' +
          'event-loop lag, queue lengths. 404 while METRICS_TOKEN is not set.',
        tags: [OPERATOR_TAG],
        security: [{ metricsToken: [] }],
        querystring: NoQuery,
        response: {
          200: {
            description: 'The metrics in the Prometheus text format.',
            content: { 'text/plain': { schema: Type.String() } },
          },
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      noStore(reply);
      const token = app.config.metricsToken;
      const metrics = app.operator.metrics;
      if (token === undefined || metrics === undefined) {
        return sendError(reply, {
          statusCode: 404,
          code: ErrorCode.notFound,
          message: `No route for GET ${OperatorPath.metrics}.`,
        });
      }
      if (!carriesToken(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, {
          statusCode: 401,
          code: ErrorCode.notAuthenticated,
          message: 'The metrics need their bearer token.',
        });
      }
      const { contentType, text } = await metrics.scrape();
      return reply.type(contentType).send(text);
    },
  );
}
