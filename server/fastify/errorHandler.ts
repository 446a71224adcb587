import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, type ErrorBody } from '../../schemas/api/common';
import { DatabaseUnavailableError } from '../db/databaseGuard';
import { EngineError } from '../engine';
import { AppError, type ErrorDetail } from '../errors';
import { definePlugin } from './definePlugin';

const codeForStatus: Record<number, ErrorCode> = {
  400: ErrorCode.validation,
  401: ErrorCode.notAuthenticated,
  403: ErrorCode.forbidden,
  404: ErrorCode.notFound,
  409: ErrorCode.conflict,
  413: ErrorCode.payloadTooLarge,
  415: ErrorCode.unsupportedMediaType,
  429: ErrorCode.rateLimited,
  503: ErrorCode.maintenance,
};

function validationDetails(error: FastifyError): ErrorDetail[] {
  const part = error.validationContext ?? 'body';
  return (error.validation ?? []).map((issue) => {
    const missing = issue.params['missingProperty'];
    const extra = issue.params['additionalProperty'];
    const pointer = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const leaf = typeof missing === 'string' ? missing : typeof extra === 'string' ? extra : '';
    const path = [part, pointer, leaf].filter(Boolean).join('.');
    return { path, code: issue.keyword, params: issue.params };
  });
}

/** Sends an `ErrorBody`; the one place an error answer is shaped. */
export function sendError(reply: FastifyReply, body: ErrorBody): FastifyReply {
  return reply.code(body.statusCode).type('application/json; charset=utf-8').send(body);
}

/** How long a client should wait before it asks again while the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The database outage behind an error, if any: the error itself or one of its causes. */
function databaseOutage(error: unknown): DatabaseUnavailableError | undefined {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    if (cause instanceof DatabaseUnavailableError) return cause;
    cause = cause.cause;
  }
  return undefined;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const outage = databaseOutage(error);
  if (outage) {
    // One line, no stack and no database text: the reason and the SQLSTATE or socket code
    // say what happened; the statement's text and values could hold personal data.
    request.log.warn(
      { reason: outage.reason, sourceCode: outage.sourceCode },
      'database unavailable',
    );
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendError(reply, {
      statusCode: 503,
      code: ErrorCode.databaseUnavailable,
      message: 'The database is not available now; try again shortly.',
    });
  }
  if (error instanceof AppError) {
    reply.headers(error.headers);
    const body: ErrorBody = {
      statusCode: error.statusCode,
      code: error.code,
      message: error.message,
    };
    if (error.details) body.details = error.details;
    return sendError(reply, body);
  }
  if (error instanceof EngineError) {
    // The engine's failures carry their own status and stable code (a lost claim race is a
    // CONFLICT, a missing task NOT_FOUND); a 5xx among them would still go to the log only.
    if (error.statusCode < 500) {
      return sendError(reply, {
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
      });
    }
  }
  if (error.validation) {
    return sendError(reply, {
      statusCode: 400,
      code: ErrorCode.validation,
      message: error.message,
      details: validationDetails(error),
    });
  }
  const status = error.statusCode ?? 500;
  if (status < 400 || status >= 500) {
    // 5xx details stay in the log: stack traces and SQL must never reach a browser.
    request.log.error({ err: error }, 'request failed');
    return sendError(reply, {
      statusCode: 500,
      code: ErrorCode.internal,
      message: 'The server could not complete the request.',
    });
  }
  return sendError(reply, {
    statusCode: status,
    code: codeForStatus[status] ?? ErrorCode.validation,
    message: error.message,
  });
}

/**
 * The one error handler: a database outage is a 503 `DATABASE_UNAVAILABLE` with
 * `Retry-After` and one log line, `AppError`s and the engine's `EngineError`s keep their status and
 * code, Fastify's schema errors
 * become 400 `VALIDATION_ERROR` with per-field details, other 4xx map by status, and
 * anything else is a logged 500 with a generic body.
 */
export const errorHandlerPlugin = definePlugin('tessera-error-handler', async (app) => {
  app.setErrorHandler(handleError);
});
