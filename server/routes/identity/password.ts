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
import { hashPassword } from '../../identity/passwordHash';
import { assertAcceptablePassword } from '../../identity/passwordPolicy';
import { revokeUserSessions } from '../../identity/sessions';
import { anySessionOf, clearSessionCookie } from '../../plugins/session';
import type { TypeBoxProvider } from '../../plugins/typeProvider';
import { errorResponses } from '../errorResponses';

/**
 * Password settings (signed in, in the must-change state, or for the reset page) and
 * `POST /identity/password`, which changes one's own password and ends every session.
 */
export const passwordRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;

  app.get(
    IdentityPath.passwordSettings,
    {
      schema: {
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
        querystring: NoQuery,
        body: UpdatePasswordBody,
        response: { 200: Acknowledgement, ...errorResponses(400, 401, 403, 404, 422) },
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
      await assertAcceptablePassword(
        request.body.password,
        request.tenant.passwordPolicy,
        user.password_hash,
      );
      const passwordHash = await hashPassword(request.body.password, app.config.passwordHashing);
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
