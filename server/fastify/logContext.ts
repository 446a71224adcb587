import type { FastifyReply, FastifyRequest } from 'fastify';

/** Who a request's log lines are about: ids only, never names or values. */
export interface LogContext {
  tenant?: string;
  userId?: string;
  /** The integration client of a bearer-token call. */
  clientId?: string;
}

/**
 * Adds `context` to every later log line of the request, its "request completed" line
 * included (that one is written through the reply's logger, so both are replaced).
 */
export function addLogContext(
  request: FastifyRequest,
  reply: FastifyReply,
  context: LogContext,
): void {
  const child = request.log.child(context);
  request.log = child;
  reply.log = child;
}
