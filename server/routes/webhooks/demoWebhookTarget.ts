import type { FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { NoQuery } from '../../../schemas/api/common';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import {
  DEMO_WEBHOOK_OUTCOMES,
  DEMO_WEBHOOK_PATH,
  type DemoWebhookOutcome,
} from '../../webhooks/demoWebhookOutcomes';
import { errorResponses } from '../errorResponses';

/**
 * A stand-in credit bureau that the server itself serves, so the demo's webhook buttons work
 * without any other service: the seeded targets (server/seed/demoWebhookTargets.ts) call it
 * through `{self}`. It answers the outcome its path names; the answering outcome scores the
 * applicant from the form values the call carries (the demo's one scoring rule). It keeps no
 * data, so it needs no session: what the answer becomes is recorded by the webhook call.
 */
export const demoWebhookTarget: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.post(
    DEMO_WEBHOOK_PATH,
    {
      schema: {
        summary:
          'The demo credit bureau: answers a credit check with the outcome named in the path',
        params: Type.Object({
          outcome: Type.Union(
            Object.keys(DEMO_WEBHOOK_OUTCOMES).map((outcome) => Type.Literal(outcome)),
          ),
        }),
        querystring: NoQuery,
        // The webhook call's body; only the form's values are read.
        body: Type.Object(
          { values: Type.Optional(Type.Record(Type.String(), Type.Unknown())) },
          { additionalProperties: true },
        ),
        response: {
          ...errorResponses(400, 413),
          200: Type.Object({}, { additionalProperties: true }),
          // After the common error answers, whose 503 is the maintenance body.
          503: Type.Object({ message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const answer = DEMO_WEBHOOK_OUTCOMES[request.params.outcome as DemoWebhookOutcome];
      const { status, body } = answer({ values: request.body.values ?? {}, now: app.clock() });
      return reply.code(status).send(body);
    },
  );
};
