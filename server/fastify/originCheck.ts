import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';
import { isApiPath } from './apiPaths';
import { definePlugin } from './definePlugin';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

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
 * non-browser client) passes.
 */
export const originCheckPlugin = definePlugin('tessera-origin-check', async (app) => {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) && !isApiPath(request.url)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    const ownHost = request.host.toLowerCase();
    const foreignOrigin = origin !== undefined && hostOfOrigin(origin) !== ownHost;
    if (foreignOrigin || fetchSite === 'cross-site') {
      throw new AppError(403, ErrorCode.foreignOrigin, 'Requests from another site are refused.');
    }
  });
});
