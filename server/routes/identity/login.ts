import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import {
  Account,
  IdentityPath,
  LoginBody,
  PasswordChangeRequired,
} from '../../../schemas/api/identity';
import { AppError } from '../../errors';
import { findUserByEmail, loadAccount, normalizeEmail } from '../../identity/accounts';
import {
  assertLoginAllowed,
  clearLoginFailures,
  recordLoginFailure,
} from '../../identity/loginThrottle';
import type { HashingQueue } from '../../identity/hashingQueue';
import { hashPassword, needsRehash, verifyPassword } from '../../identity/passwordHash';
import { createSession, hashToken, revokeSession } from '../../identity/sessions';
import { sessionToken, setSessionCookie } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/** What the password routes share: the queue every password hash waits in. */
export interface HashingRouteOptions {
  hashing: HashingQueue;
}

/**
 * `POST /identity/login`: 200 with the Account and a new session cookie, 307 with a
 * password-change session when the password must change, 400 `WRONG_CREDENTIALS` for an
 * unknown email or a wrong password alike, 429 when throttled or when the hashing queue has
 * no room.
 */
export const loginRoute: FastifyPluginAsync<HashingRouteOptions> = async (fastify, options) => {
  const { hashing } = options;
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  // Verified when the email is unknown, so both failures cost one scrypt and look alike.
  const dummyHash = hashPassword('tessera-no-such-user', app.config.passwordHashing);

  app.post(
    IdentityPath.login,
    {
      schema: {
        querystring: NoQuery,
        body: LoginBody,
        response: {
          200: Account,
          307: PasswordChangeRequired,
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const tenant = request.tenant.name;
      const email = normalizeEmail(request.body.email);
      await assertLoginAllowed(db, tenant, email, request.ip);

      const user = await findUserByEmail(db, tenant, email);
      const stored = user?.password_hash ?? (await dummyHash);
      const matches = await hashing.run(request.ip, () =>
        verifyPassword(request.body.password, stored),
      );
      if (!user || !matches) {
        await recordLoginFailure(db, tenant, email, request.ip);
        throw new AppError(400, ErrorCode.wrongCredentials, 'The email or the password is wrong.');
      }
      await clearLoginFailures(db, tenant, email, request.ip);
      if (needsRehash(user.password_hash, app.config.passwordHashing)) {
        const upgraded = await hashing.run(request.ip, () =>
          hashPassword(request.body.password, app.config.passwordHashing),
        );
        await db
          .updateTable('users')
          .set({ password_hash: upgraded })
          .where('tenant', '=', tenant)
          .where('id', '=', user.id)
          .execute();
      }

      // A fresh id at every sign-in (no fixation); this browser's previous session ends.
      const previous = sessionToken(request);
      if (previous) await revokeSession(db, hashToken(previous));
      const kind = user.must_change_password ? 'password-change' : 'full';
      const { token } = await createSession(db, {
        tenant,
        userId: user.id,
        kind,
        lifetimes: {
          idleMinutes: app.config.sessionIdleMinutes,
          absoluteHours: app.config.sessionAbsoluteHours,
        },
      });
      setSessionCookie(request, reply, token);
      if (kind === 'password-change') {
        return reply.code(307).send({ code: ErrorCode.passwordChangeRequired });
      }
      return loadAccount(db, tenant, user.id);
    },
  );
};
