/** The routes of this app that other code navigates to by name. */
export const Paths = {
  home: '/',
  login: '/login',
  changePassword: '/accounts/password/change',
  resetPassword: '/accounts/password/reset',
  maintenance: '/maintenance',
  formPreview: '/forms/preview',
  documentTemplates: '/admin/templates',
  processDeployments: '/admin/processes',
  integrations: '/admin/integrations',
} as const;

const PUBLIC_PATHS: readonly string[] = [
  Paths.login,
  Paths.changePassword,
  Paths.resetPassword,
  Paths.maintenance,
];

/** Whether a path is one of the routes open without a loaded account (spec 000 section 6). */
export function isPublicPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PUBLIC_PATHS.includes(path);
}

/** The pathname part of a path that may carry a query or a hash. */
export function pathnameOf(path: string): string {
  return path.split(/[?#]/)[0] ?? path;
}
