import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  CLIENT_ERROR_LIMITS,
  ClientErrorPath,
  ClientErrorReport,
} from '../../schemas/api/clientErrors';
import { ErrorCode, NoQuery } from '../../schemas/api/common';
import { AppError } from '../errors';
import type { TypeBoxProvider } from '../fastify/typeProvider';
import { errorResponses } from '../routes/errorResponses';
import { storeClientError } from './clientErrorRepository';
import { ReportBudget } from './reportBudget';
import { createClientErrorForwarder } from './sentryForwarder';

/** Reports one browser (its session, or its address before sign-in) may send a minute. */
export const CLIENT_ERRORS_PER_MINUTE = 30;

/**
 * Whose budget a report spends: the session's when the browser is signed in (staff behind
 * one office address do not share one), the address's otherwise; always within the tenant.
 */
function reporterKey(request: FastifyRequest): string {
  const who = request.session ? `session:${request.session.idHash}` : `address:${request.ip}`;
  return `client-errors:${request.tenant.name}:${who}`;
}

/**
 * `POST /api/clientErrors` (spec 000 section 8: errors of the whole app go to an
 * error-reporting service). Anyone may report, signed in or not, since the sign-in screen
 * can fail too; the tenant comes from the Host and the user from the session, never from the
 * report. A report is validated and bounded (64 KB, every text limited, NUL and lone
 * surrogates refused by the input guard), rate-limited per session or address, scrubbed,
 * stored (the tenant's newest 1,000 are kept), logged at warn, and, when SENTRY_DSN is set,
 * forwarded after the answer has left.
 */
export const clientErrorRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const forwarder = await createClientErrorForwarder({
    dsn: app.config.sentryDsn,
    environment: app.config.nodeEnv,
  });
  if (forwarder) app.addHook('onClose', () => forwarder.close());
  const budget = new ReportBudget(CLIENT_ERRORS_PER_MINUTE);

  /** 429 once the sender's budget of the minute is spent (after the session is known). */
  const spendBudget = async (request: FastifyRequest): Promise<void> => {
    const key = reporterKey(request);
    if (!budget.take(key)) {
      throw new AppError(429, ErrorCode.rateLimited, 'Too many error reports; retry later.', {
        headers: { 'retry-after': String(budget.secondsLeft(key)) },
      });
    }
  };

  app.post(
    ClientErrorPath.report,
    {
      bodyLimit: CLIENT_ERROR_LIMITS.body,
      preHandler: spendBudget,
      schema: {
        summary: 'Reports an error of the browser app',
        querystring: NoQuery,
        body: ClientErrorReport,
        response: { 202: Type.Null(), ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const userAgent = request.headers['user-agent'];
      const stored = await storeClientError(app.database.db, request.body, {
        tenant: request.tenant.name,
        userId: request.session?.user.id ?? null,
        userAgent: typeof userAgent === 'string' ? userAgent : undefined,
      });
      // Scrubbed fields only: the log holds no more than the table does.
      request.log.warn(
        {
          clientError: {
            id: stored.id,
            tenant: stored.tenant,
            userId: stored.userId,
            kind: stored.kind,
            name: stored.name,
            message: stored.message,
            route: stored.route,
            release: stored.release,
          },
        },
        'the browser app reported an error',
      );
      if (forwarder) {
        app.afterAnswer.run('forward client error', () => forwarder.forward(stored));
      }
      return reply.code(202).send(null);
    },
  );
};
