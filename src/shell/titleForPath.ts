import { matchPath } from 'react-router-dom';
import type { SignedInRoute } from './signedInRoutes';

/** The header title of `/` and of every path under `/process/` (spec 000 section 2). */
export const DASHBOARD_TITLE_KEY = 'shell.dashboard';

/**
 * Whether the page at a path shows its own `<h1>` (a task's or an instance's name), so the
 * header's title is then not a heading. A path no route claims shows the not-found page,
 * which has its own.
 */
export function pageHasOwnHeading(
  pathname: string,
  routes: readonly Pick<SignedInRoute, 'path' | 'ownHeading'>[],
): boolean {
  for (const route of routes) {
    if (matchPath({ path: route.path, end: true }, pathname)) return route.ownHeading === true;
  }
  return true;
}

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
