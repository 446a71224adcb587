import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../schemas/api/common';
import type { Privilege } from '../../schemas/api/identity';
import type { Language } from '../engine/displayNames';
import { AppError } from '../errors';
import { findSession, type RequestSession } from '../identity/sessions';
import { isApiPath, isDevPath } from './apiPaths';
import { definePlugin } from './definePlugin';
import { addLogContext } from './logContext';
import { readerLanguage } from './readerLanguage';

/** The session cookie's name. */
export const SESSION_COOKIE = 'tessera_session';

/** Who is asking, within which tenant: every workflow query and action starts from this. */
export interface RequestActor {
  readonly tenant: string;
  readonly userId: string;
  readonly privileges: readonly string[];
  /** The reader's language (`Accept-Language`), for names rendered per language. */
  readonly language?: Language;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The live session of the request's cookie within its tenant, or null. */
    session: RequestSession | null;
    /**
     * The signed-in user as an actor of the full session (read it only in handlers behind
     * a session check): 401 without one, or with a must-change-password session.
     */
    readonly actor: RequestActor;
  }
}

/** Cookie attributes; `Secure` whenever the browser reached us over https (also via a trusted proxy). */
function cookieOptions(request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: request.protocol === 'https',
  };
}

/**
 * Sets the session cookie. It has no Max-Age: it ends with the browser, and the server
 * enforces the idle and absolute limits in any case.
 */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, cookieOptions(request));
}

/** Clears the session cookie in the browser. */
export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
}

/** The raw cookie value, if the browser sent one. */
export function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  return value && value.length <= 128 ? value : undefined;
}

/** The request's full session; 401 without one, or with a must-change-password session. */
export function sessionOf(request: FastifyRequest): RequestSession {
  const session = request.session;
  if (!session) {
    throw new AppError(401, ErrorCode.notAuthenticated, 'Sign in first.');
  }
  if (session.kind !== 'full') {
    throw new AppError(
      401,
      ErrorCode.passwordChangeRequired,
      'Choose a new password before doing anything else.',
    );
  }
  return session;
}

/** The request's session of either kind (only the password calls accept a password-change one). */
export function anySessionOf(request: FastifyRequest): RequestSession {
  if (!request.session) throw new AppError(401, ErrorCode.notAuthenticated, 'Sign in first.');
  return request.session;
}

/** preHandler: a full session is required (401 otherwise). */
export async function requireSession(request: FastifyRequest): Promise<void> {
  sessionOf(request);
}

/** preHandler factory: a full session with `privilege` is required (401, then 403). */
export function requirePrivilege(privilege: Privilege) {
  return async function requirePrivilegeHook(request: FastifyRequest): Promise<void> {
    const session = sessionOf(request);
    if (!session.user.privileges.includes(privilege)) {
      throw new AppError(
        403,
        ErrorCode.insufficientPrivileges,
        `This needs the ${privilege} privilege.`,
      );
    }
  };
}

/**
 * Resolves `request.session` for every API call and dev page (the outbox needs a signed-in
 * user) from the `tessera_session` cookie. Only a
 * SHA-256 of the cookie value is stored, and lookups are scoped to the request's tenant, so
 * one tenant's cookie means nothing at another.
 */
export const sessionPlugin = definePlugin(
  'tessera-session',
  async (app) => {
    app.decorateRequest('session', null);
    app.decorateRequest('actor', {
      getter(this: FastifyRequest): RequestActor {
        const session = sessionOf(this);
        return {
          tenant: session.tenant,
          userId: session.user.id,
          privileges: session.user.privileges,
          language: readerLanguage(this.headers['accept-language']),
        };
      },
    });
    app.addHook('onRequest', async (request, reply) => {
      if (!isApiPath(request.url) && !isDevPath(request.url)) return;
      const token = sessionToken(request);
      if (!token) return;
      request.session = await findSession(
        app.database.db,
        request.tenant.name,
        token,
        app.config.sessionIdleMinutes,
      );
      if (request.session) addLogContext(request, reply, { userId: request.session.user.id });
    });
  },
  ['tessera-tenant', '@fastify/cookie'],
);
