import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import { WebhookCallAnswer, WebhookCallBody, WebhookPath } from '../../../schemas/api/webhooks';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { callWebhook } from '../../webhooks/callWebhook';
import { demoWebhookTarget } from './demoWebhookTarget';
import { errorResponses } from '../errorResponses';

/** This server's own origin on the loopback, for targets configured as `{self}/...`. */
function selfOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (!address || typeof address === 'string') return undefined;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard
    ? address.family === 'IPv6'
      ? '[::1]'
      : '127.0.0.1'
    : address.family === 'IPv6'
      ? `[${address.address}]`
      : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The webhook button's call (`POST /api/task/webhook`, full session with access-task, the
 * task's assignee while it is open, a button of the task's own form; a button that reads its
 * answer has it recorded and set on the case) and the demo's own webhook target.
 */
export const webhookRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(demoWebhookTarget);
  await fastify.register(async (scope) => {
    const app = scope.withTypeProvider<TypeBoxProvider>();
    app.addHook('onRequest', requirePrivilege(Privilege.accessTask));
    app.post(
      WebhookPath.call,
      {
        schema: {
          summary: "Calls a form's webhook button and records its answer",
          querystring: NoQuery,
          body: WebhookCallBody,
          response: { 200: WebhookCallAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
        },
      },
      async (request) => ({
        result: await callWebhook(
          {
            db: app.database.db,
            engine: app.engine,
            now: app.clock,
            actor: request.actor,
            selfOrigin: selfOrigin(fastify),
          },
          request.body,
        ),
      }),
    );
  });
};
