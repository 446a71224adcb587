import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '../../schemas/api/common';
import { loadAnalysisSettings } from '../analysis/analysisSettings';
import { AppError } from '../errors';
import { isApiPath, isDevPath } from './apiPaths';
import { definePlugin } from './definePlugin';

/**
 * The Content-Security-Policy of every answer. No inline script or style and no eval: the
 * SPA is plain files from this origin, so anything else would be an injection.
 * `upgrade-insecure-requests` is left out because local tenants run on plain http.
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Analysis reports (the records screen's Analyses tab): this origin's own charts page and
  // the external report origins configured in ANALYSIS_FRAME_ORIGINS, nothing else.
  'frame-src': ["'self'", ...loadAnalysisSettings().frameOrigins],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers hold nothing secret or personal, so its own Cache-Control header
     * is kept; every other API answer is `no-store`.
     */
    allowCaching?: boolean;
  }
}

const NO_STORE = 'no-store';

/** The answers that are never cached: the API and the development pages; not the SPA's files. */
const holdsSecrets = (url: string): boolean => isApiPath(url) || isDevPath(url);

/** What the security plugin needs from the configuration. */
export interface SecurityOptions {
  /** Requests per IP per minute before 429 `RATE_LIMITED`. */
  rateLimitPerMinute: number;
}

/**
 * Security headers (helmet with a strict CSP, `Cache-Control: no-store` on every API and
 * development-page answer unless its route sets `config.allowCaching`)
 * and a generous global per-IP request budget.
 * The budget is a flood guard kept in process memory; the sign-in throttle that matters is
 * in the database (see identity/loginThrottle.ts).
 */
export const securityPlugin = definePlugin<SecurityOptions>(
  'tessera-security',
  async (app, options) => {
    await app.register(helmet, {
      contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
      crossOriginEmbedderPolicy: false,
    });
    await app.register(rateLimit, {
      // Not per route but one app-level hook (below), so the budget is spent before the
      // tenant lookup or any other database work, and unknown paths count too.
      global: false,
      max: options.rateLimitPerMinute,
      timeWindow: 60_000,
      errorResponseBuilder: (_request, context) =>
        new AppError(
          context.statusCode,
          ErrorCode.rateLimited,
          `Too many requests; retry in ${context.after}.`,
        ),
    });
    app.addHook('onRequest', app.rateLimit());
    // API answers carry personal data (names, tasks, customers' records) and secrets (the
    // session, reset links, tokens): no browser, proxy or back-forward cache may keep them.
    // Set on every answer, errors included; the development pages show mailed links too.
    // On the raw answer first, because a route that writes its answer itself (the analysis
    // identity provider) skips onSend; a route's own header there still wins.
    app.addHook('onRequest', async (request, reply) => {
      if (holdsSecrets(request.url)) reply.raw.setHeader('cache-control', NO_STORE);
    });
    app.addHook('onSend', async (request, reply) => {
      if (!holdsSecrets(request.url)) return;
      if (request.routeOptions.config.allowCaching === true && reply.hasHeader('cache-control')) {
        return;
      }
      reply.header('cache-control', NO_STORE);
    });
  },
);
