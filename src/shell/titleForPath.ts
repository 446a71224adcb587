import { matchPath } from 'react-router-dom';
import type { SignedInRoute } from './signedInRoutes';

/** The header title of `/` and of every path under `/process/` (spec 000 section 2). */
export const DASHBOARD_TITLE_KEY = 'shell.dashboard';

/** The translation key of the header title for a path; null when no route claims it. */
export function titleForPath(
  pathname: string,
  routes: readonly Pick<SignedInRoute, 'path' | 'titleKey'>[],
): string | null {
  for (const route of routes) {
    if (matchPath({ path: route.path, end: true }, pathname)) return route.titleKey;
  }
  if (pathname === '/process' || pathname.startsWith('/process/')) return DASHBOARD_TITLE_KEY;
  return null;
}
