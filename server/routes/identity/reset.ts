import type { AddressInfo } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  Acknowledgement,
  IdentityPath,
  IdentityRoute,
  ResetPasswordBody,
  ResetRequestBody,
  VerifyResetAnswer,
  VerifyResetParams,
  VerifyResetQuery,
} from '../../../schemas/api/identity';
import { AppError } from '../../errors';
import { findUserByEmail, normalizeEmail } from '../../identity/accounts';
import { clearLoginFailures } from '../../identity/loginThrottle';
import { hashPassword, verifyPassword } from '../../identity/passwordHash';
import { assertAcceptablePassword } from '../../identity/passwordPolicy';
import { publicBaseUrl } from '../../identity/publicUrl';
import {
  RESET_MAILS_PER_HOUR,
  checkResetCode,
  consumeResetCode,
  issueResetCode,
  recentResetCount,
} from '../../identity/resetCodes';
import { revokeUserSessions } from '../../identity/sessions';
import { mailLanguage, renderPasswordResetMail } from '../../mail/renderPasswordResetMail';
import { clearSessionCookie } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';
import type { HashingRouteOptions } from './login';

/** The path of the SPA's reset page that mailed links open (spec 000 section 2). */
export const RESET_PAGE_PATH = '/accounts/password/reset';

/**
 * Password reset by mail: request a link (always 202, whether or not the email exists),
 * verify its code, and set a new password with it.
 */
export const resetRoutes: FastifyPluginAsync<HashingRouteOptions> = async (fastify, options) => {
  const { hashing } = options;
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;

  /** The port mailed links use: the real one even when the server was started on port 0. */
  const publicPort = (): number => {
    const address = app.server.address() as AddressInfo | string | null;
    return address && typeof address === 'object' ? address.port : app.config.port;
  };

  const assertOwnTenant = (tenantId: string, tenant: string): void => {
    if (tenantId !== tenant) {
      throw new AppError(400, ErrorCode.tenantMismatch, 'The link belongs to another tenant.');
    }
  };

  app.post(
    IdentityPath.resetRequest,
    {
      schema: {
        summary: 'Asks for a password-reset link by mail',
        querystring: NoQuery,
        body: ResetRequestBody,
        response: { 202: Acknowledgement, ...errorResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      const { email, language } = request.body;
      const port = publicPort();
      // Everything that depends on the email runs after the answer, so an existing and a
      // missing email answer alike in content and in time.
      app.afterAnswer.run(
        'password reset mail',
        async () => {
          const user = await findUserByEmail(db, tenant.name, email);
          if (!user || (await recentResetCount(db, tenant.name, user.id)) >= RESET_MAILS_PER_HOUR) {
            return;
          }
          const minutes = app.config.resetCodeMinutes;
          const code = await issueResetCode(db, { tenant: tenant.name, userId: user.id, minutes });
          const base = publicBaseUrl({
            template: app.config.publicUrlTemplate,
            tenant: tenant.name,
            baseUrl: tenant.baseUrl,
            port,
          });
          const query = new URLSearchParams({ oobCode: code, tenant: tenant.name });
          const mail = renderPasswordResetMail(mailLanguage(language ?? user.locale), {
            firstName: user.first_name,
            email: user.email,
            tenantName: tenant.displayName,
            link: `${base}${RESET_PAGE_PATH}?${query.toString()}`,
            minutes,
          });
          await app.mailer.send({ tenant: tenant.name, to: user.email, ...mail });
        },
        reply,
      );
      return reply.code(202).send({ status: 'RESET_REQUESTED' as const });
    },
  );

  app.post(
    IdentityRoute.verifyReset,
    {
      schema: {
        summary: 'Checks a password-reset code before the new password is typed',
        params: VerifyResetParams,
        querystring: VerifyResetQuery,
        response: { 200: VerifyResetAnswer, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => {
      assertOwnTenant(request.params.tenantId, request.tenant.name);
      const code = await checkResetCode(db, request.tenant.name, request.query.oobCode);
      return { result: { email: code.email } };
    },
  );

  app.post(
    IdentityPath.reset,
    {
      schema: {
        summary: 'Sets a new password with a password-reset code',
        querystring: NoQuery,
        body: ResetPasswordBody,
        response: { 200: Acknowledgement, ...errorResponses(400, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const { tenant } = request;
      assertOwnTenant(request.body.tenantId, tenant.name);
      const code = await checkResetCode(db, tenant.name, request.body.oobCode);
      if (normalizeEmail(request.body.email) !== normalizeEmail(code.email)) {
        throw new AppError(
          400,
          ErrorCode.invalidOobCode,
          'This reset link is for another account.',
        );
      }
      const user = await db
        .selectFrom('users')
        .select('password_hash')
        .where('tenant', '=', tenant.name)
        .where('id', '=', code.userId)
        .executeTakeFirstOrThrow();
      await assertAcceptablePassword(
        request.body.newPassword,
        tenant.passwordPolicy,
        (candidate) => hashing.run(request.ip, () => verifyPassword(candidate, user.password_hash)),
        'newPassword',
      );
      const passwordHash = await hashing.run(request.ip, () =>
        hashPassword(request.body.newPassword, app.config.passwordHashing),
      );
      await db.transaction().execute(async (trx) => {
        await consumeResetCode(trx, tenant.name, code);
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, must_change_password: false })
          .where('tenant', '=', tenant.name)
          .where('id', '=', code.userId)
          .execute();
        await revokeUserSessions(trx, tenant.name, code.userId);
        // Proving control of the mailbox lifts a soft lock.
        await clearLoginFailures(trx, tenant.name, normalizeEmail(code.email));
      });
      clearSessionCookie(request, reply);
      return { status: 'PASSWORD_RESET' as const };
    },
  );
};
