/** Path prefixes of the JSON API; the SPA and its assets live outside them. */
export const API_PREFIXES = ['/identity/', '/api/'] as const;

/** The development-only pages (mail outbox); never subject to maintenance. */
export const DEV_PREFIX = '/dev/';

const pathOf = (url: string): string => {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
};

/** True for calls of the JSON API (tenant, maintenance and session apply). */
export function isApiPath(url: string): boolean {
  const path = pathOf(url);
  return API_PREFIXES.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
}

/** True for the development pages. */
export function isDevPath(url: string): boolean {
  const path = pathOf(url);
  return path.startsWith(DEV_PREFIX) || `${path}/` === DEV_PREFIX;
}

/** The operator's paths: health, readiness and metrics, for probes and scrapers. */
export const OperatorPath = {
  health: '/healthz',
  ready: '/readyz',
  metrics: '/metrics',
} as const;

const OPERATOR_PATHS: ReadonlySet<string> = new Set(Object.values(OperatorPath));

/**
 * True for the operator's paths. They answer whatever the Host (a probe calls the pod's
 * address, a scraper the service's name) and never look up a tenant or a session: readiness
 * must not depend on the tables it reports on, and none of them shows a tenant's data.
 */
export function isOperatorPath(url: string): boolean {
  return OPERATOR_PATHS.has(pathOf(url));
}
