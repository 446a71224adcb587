import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  Acknowledgement,
  IdentityPath,
  SignedInPasswordSettings,
  UnauthenticatedPasswordSettings,
  UnauthenticatedPasswordSettingsQuery,
  UpdatePasswordBody,
} from '../../../schemas/api/identity';
import { AppError } from '../../errors';
import { normalizeEmail } from '../../identity/accounts';
import { assertLoginAllowed, recordLoginFailure } from '../../identity/loginThrottle';
import { hashPassword, verifyPassword } from '../../identity/passwordHash';
import { assertAcceptablePassword } from '../../identity/passwordPolicy';
import { revokeUserSessions } from '../../identity/sessions';
import { anySessionOf, clearSessionCookie } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';
import type { HashingRouteOptions } from './login';

/**
 * Password settings (signed in, in the must-change state, or for the reset page) and
 * `POST /identity/password`, which changes one's own password and ends every session. With a
 * full session the current password must come along (ASVS 4.0.3 2.1.6): 400
 * `CURRENT_PASSWORD_REQUIRED` without it, 400 `WRONG_CURRENT_PASSWORD` when wrong (a 403
 * would mean a missing privilege to the client), throttled like sign-in so a stolen cookie
 * cannot guess it either.
 */
export const passwordRoutes: FastifyPluginAsync<HashingRouteOptions> = async (fastify, options) => {
  const { hashing } = options;
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;

  app.get(
    IdentityPath.passwordSettings,
    {
      schema: {
        summary: "The tenant's password rules, for a signed-in user",
        querystring: NoQuery,
        response: { 200: SignedInPasswordSettings, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const session = anySessionOf(request);
      return { email: session.user.email, settings: request.tenant.passwordPolicy };
    },
  );

  app.get(
    IdentityPath.passwordSettingsUnauthenticated,
    {
      schema: {
        summary: "The tenant's password rules, before sign-in",
        querystring: UnauthenticatedPasswordSettingsQuery,
        response: { 200: UnauthenticatedPasswordSettings, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const { tenant } = request;
      if (request.query.tenant !== undefined && request.query.tenant !== tenant.name) {
        throw new AppError(400, ErrorCode.tenantMismatch, 'The link belongs to another tenant.');
      }
      return { tenant: tenant.name, settings: tenant.passwordPolicy };
    },
  );

  app.post(
    IdentityPath.updatePassword,
    {
      schema: {
        summary: "Changes the signed-in user's password",
        querystring: NoQuery,
        body: UpdatePasswordBody,
        response: { 200: Acknowledgement, ...errorResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const session = anySessionOf(request);
      if (normalizeEmail(request.body.email) !== normalizeEmail(session.user.email)) {
        throw new AppError(400, ErrorCode.emailMismatch, 'This is not the signed-in account.');
      }
      const user = await db
        .selectFrom('users')
        .select(['password_hash'])
        .where('tenant', '=', session.tenant)
        .where('id', '=', session.user.id)
        .executeTakeFirstOrThrow();
      const { currentPassword } = request.body;
      if (currentPassword === undefined && session.kind === 'full') {
        throw new AppError(
          400,
          ErrorCode.currentPasswordRequired,
          'Give the current password to choose a new one.',
        );
      }
      if (currentPassword !== undefined) {
        const email = normalizeEmail(session.user.email);
        await assertLoginAllowed(db, session.tenant, email, request.ip);
        const matches = await hashing.run(request.ip, () =>
          verifyPassword(currentPassword, user.password_hash),
        );
        if (!matches) {
          await recordLoginFailure(db, session.tenant, email, request.ip);
          throw new AppError(400, ErrorCode.wrongCurrentPassword, 'The current password is wrong.');
        }
      }
      await assertAcceptablePassword(
        request.body.password,
        request.tenant.passwordPolicy,
        // The current password was just proven: comparing the text spares a second hash.
        async (candidate) =>
          currentPassword !== undefined
            ? candidate.normalize('NFKC') === currentPassword.normalize('NFKC')
            : hashing.run(request.ip, () => verifyPassword(candidate, user.password_hash)),
      );
      const passwordHash = await hashing.run(request.ip, () =>
        hashPassword(request.body.password, app.config.passwordHashing),
      );
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: false })
          .where('tenant', '=', session.tenant)
          .where('id', '=', session.user.id)
          .execute();
        // Every session ends, this one too: the client sends the user back to sign-in.
        await revokeUserSessions(trx, session.tenant, session.user.id);
      });
      clearSessionCookie(request, reply);
      return { status: 'PASSWORD_UPDATED' as const };
    },
  );
};
