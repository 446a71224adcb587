import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/api/common';
import type { IntegrationScope } from '../../schemas/api/integration';
import { AppError } from '../errors';
import { findIntegrationClient, type RequestClient } from '../identity/integrationClients';
import { addLogContext } from './logContext';

declare module 'fastify' {
  interface FastifyRequest {
    /** The integration client of the request's bearer token, set by `requireScope`. */
    integrationClient?: RequestClient;
  }
}

/** Longest bearer token looked at: an id and a secret are far shorter. */
const TOKEN_MAX = 200;

/** The bearer token of the Authorization header, or undefined. */
function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || header.length > TOKEN_MAX + 7) return undefined;
  const match = /^Bearer +(\S+)$/i.exec(header);
  return match?.[1];
}

/**
 * onRequest hook factory for the integration API: the request must carry a live client's
 * bearer token of the host's tenant (401 with `WWW-Authenticate: Bearer` otherwise) whose
 * scopes include `scope` (403 otherwise). A session cookie counts for nothing here, so no
 * page a staff member visits can make their browser call it.
 */
export function requireScope(scope: IntegrationScope) {
  return async function requireScopeHook(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const token = bearerToken(request);
    const client =
      token === undefined
        ? null
        : await findIntegrationClient(
            request.server.database.db,
            request.tenant.name,
            token,
            request.server.clock(),
          );
    if (client === null) {
      reply.header('www-authenticate', 'Bearer realm="tessera-integration"');
      throw new AppError(
        401,
        ErrorCode.notAuthenticated,
        'Send a live integration client token: Authorization: Bearer <client id>.<secret>.',
      );
    }
    addLogContext(request, reply, { clientId: client.id });
    if (!client.scopes.includes(scope)) {
      throw new AppError(
        403,
        ErrorCode.insufficientPrivileges,
        `This integration client lacks the ${scope} scope.`,
      );
    }
    request.integrationClient = client;
  };
}

/** The request's client; call only in handlers behind `requireScope`. */
export function clientOf(request: FastifyRequest): RequestClient {
  const client = request.integrationClient;
  if (client === undefined) {
    throw new AppError(401, ErrorCode.notAuthenticated, 'No integration client.');
  }
  return client;
}
