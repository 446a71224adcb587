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
