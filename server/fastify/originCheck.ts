import { ErrorCode } from '../../schemas/api/common';
import { IdentityPath } from '../../schemas/api/identityConstants';
import { AppError } from '../errors';
import { isApiPath } from './apiPaths';
import { definePlugin } from './definePlugin';
import { sessionToken } from './session';
import { TENANT_HEADER } from './tenant';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when a request shows it was sent by the app itself: the app's HTTP client puts the
 * tenant header on every call, which a page elsewhere cannot make a browser send without a
 * CORS preflight this server never grants; and a browser says `same-origin` only for the
 * app's own pages.
 */
export function sentByTheApp(headers: Record<string, string | string[] | undefined>): boolean {
  const tenant = headers[TENANT_HEADER];
  return (
    (typeof tenant === 'string' && tenant.trim() !== '') ||
    headers['sec-fetch-site'] === 'same-origin'
  );
}

function hostOfOrigin(origin: string): string | undefined {
  try {
    return new URL(origin).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Refuses requests sent by another site (403 `FOREIGN_ORIGIN`), a second line behind
 * SameSite=Lax cookies: every call of the API, whatever its method (sign-out is a GET, and
 * no other site has a reason to call the API at all), and state-changing requests anywhere.
 * Another tenant's host counts as foreign: SameSite treats `acme.localhost` and `localhost`
 * as one site, this check does not. A request with neither header (a typed address, a
 * non-browser client) passes. A sign-out with a session cookie must also show it was sent by
 * the app (403 `SIGN_OUT_NOT_FROM_APP`).
 */
export const originCheckPlugin = definePlugin(
  'tessera-origin-check',
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) && !isApiPath(request.url)) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      const ownHost = request.host.toLowerCase();
      const foreignOrigin = origin !== undefined && hostOfOrigin(origin) !== ownHost;
      if (foreignOrigin || fetchSite === 'cross-site') {
        throw new AppError(403, ErrorCode.foreignOrigin, 'Requests from another site are refused.');
      }
      // Sign-out is a GET (spec 000), so an <img> on a sibling tenant's host (same site, no
      // Origin header) would end the session. Refused here, before the session lookup, so such a
      // request neither ends nor refreshes the session; without a cookie there is nothing to end.
      if (
        // The matched route, not the URL: the router also matches a percent-encoded spelling.
        request.routeOptions.url === IdentityPath.signOut &&
        sessionToken(request) !== undefined &&
        !sentByTheApp(request.headers)
      ) {
        throw new AppError(
          403,
          ErrorCode.signOutNotFromApp,
          `Sign-out needs the ${TENANT_HEADER} header or Sec-Fetch-Site: same-origin.`,
        );
      }
    });
  },
  ['@fastify/cookie'],
);
