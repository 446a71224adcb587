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
import { loadDeviceCookieKey, setDeviceCookie, trustedDevice } from '../../identity/deviceCookie';
import {
  clearLoginFailures,
  reserveLoginAttempt,
  settleLoginFailure,
  withdrawLoginAttempt,
} from '../../identity/loginThrottle';
import {
  HashingLane,
  trustedTicket,
  untrustedTicket,
  type HashingQueue,
} from '../../identity/hashingQueue';
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
 * no room. A right password also renews the browser's device cookie for that account, which
 * lets its next sign-ins skip the per-address limits (identity/loginThrottle.ts).
 */
export const loginRoute: FastifyPluginAsync<HashingRouteOptions> = async (fastify, options) => {
  const { hashing } = options;
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  // Verified when the email is unknown, so both failures cost one scrypt and look alike.
  const dummyHash = hashPassword('tessera-no-such-user', app.config.passwordHashing);
  // Read on first use, not at registration: the row may not exist until a process makes it.
  let deviceKey: Promise<Buffer> | undefined;
  const loadDeviceKey = (): Promise<Buffer> =>
    (deviceKey ??= loadDeviceCookieKey(db).catch((error: unknown) => {
      deviceKey = undefined;
      throw error;
    }));

  app.post(
    IdentityPath.login,
    {
      schema: {
        summary: 'Signs in with email and password',
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
      const key = await loadDeviceKey();
      const device = trustedDevice(request, key, tenant, email)?.device;
      // A flood that would find no place in the queue is turned away before any query.
      if (device === undefined) hashing.assertRoom(request.ip);
      // Decided before the account is looked up, so the lane says nothing about whether it
      // exists; written down as pending at once, so simultaneous guesses see each other.
      const { lane, attemptId } = await reserveLoginAttempt(db, {
        tenant,
        email,
        ip: request.ip,
        device,
      });
      const ticket =
        lane === HashingLane.trusted
          ? trustedTicket(tenant, email)
          : untrustedTicket(request.ip, lane === HashingLane.suspect);
      let settled = false;
      let user: Awaited<ReturnType<typeof findUserByEmail>>;
      try {
        user = await findUserByEmail(db, tenant, email);
        const stored = user?.password_hash ?? (await dummyHash);
        const matches = await hashing.run(ticket, () =>
          verifyPassword(request.body.password, stored),
        );
        if (!user || !matches) {
          await settleLoginFailure(db, attemptId, tenant, email, request.ip);
          settled = true;
          throw new AppError(
            400,
            ErrorCode.wrongCredentials,
            'The email or the password is wrong.',
          );
        }
      } finally {
        // Right, or no verdict at all (the hashing queue was full): the attempt leaves no row.
        if (!settled) await withdrawLoginAttempt(db, attemptId);
      }
      await clearLoginFailures(db, tenant, email, request.ip);
      if (needsRehash(user.password_hash, app.config.passwordHashing)) {
        const upgraded = await hashing.run(ticket, () =>
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
      setDeviceCookie(request, reply, key, tenant, email);
      if (kind === 'password-change') {
        return reply.code(307).send({ code: ErrorCode.passwordChangeRequired });
      }
      return loadAccount(db, tenant, user.id);
    },
  );
};
