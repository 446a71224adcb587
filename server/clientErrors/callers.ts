import type { RouteCallersTable } from '../testing/routeAccess';

/** Who may report a client error (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // Anyone may report, signed in or not: the sign-in screen can fail too (accepted, 202).
  'POST /api/clientErrors': {
    access: 'public',
    ok: 202,
    request: { body: { kind: 'error', message: 'Access check', route: '/', release: 'test' } },
  },
};
