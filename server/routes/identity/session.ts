import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  Account,
  Acknowledgement,
  AuthorizationStatus,
  IdentityPath,
  PasswordChangeRequired,
} from '../../../schemas/api/identity';
import { AppError } from '../../errors';
import { loadAccount } from '../../identity/accounts';
import { hashToken, revokeSession } from '../../identity/sessions';
import { clearSessionCookie, sessionOf, sessionToken } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/**
 * The session calls: `authorizationStatus` (200 signed in, 307 must change the password,
 * 401 otherwise), `account` and `signOut`.
 */
export const sessionRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;

  app.get(
    IdentityPath.authorizationStatus,
    {
      schema: {
        summary: 'Whether the caller is signed in, and with which kind of session',
        querystring: NoQuery,
        response: {
          200: AuthorizationStatus,
          307: PasswordChangeRequired,
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (!session) throw new AppError(401, ErrorCode.notAuthenticated, 'Sign in first.');
      if (session.kind === 'password-change') {
        return reply.code(307).send({ code: ErrorCode.passwordChangeRequired });
      }
      return { status: 'AUTHORIZED' as const, email: session.user.email };
    },
  );

  app.get(
    IdentityPath.account,
    {
      schema: {
        summary: "The signed-in user's account and privileges",
        querystring: NoQuery,
        response: { 200: Account, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return loadAccount(db, session.tenant, session.user.id);
    },
  );

  app.get(
    IdentityPath.signOut,
    {
      schema: {
        summary: 'Signs out: ends the session and clears its cookie',
        querystring: NoQuery,
        response: { 200: Acknowledgement, ...errorResponses(400, 403, 404) },
      },
    },
    // A sign-out not sent by the app (an <img> elsewhere) is refused before it gets here, and
    // before the session is looked up: see originCheck.ts.
    async (request, reply) => {
      // Revokes whatever session the cookie names, even an expired one: sign-out always works.
      const token = sessionToken(request);
      if (token) await revokeSession(db, hashToken(token));
      clearSessionCookie(request, reply);
      return { status: 'SIGNED_OUT' as const };
    },
  );
};
