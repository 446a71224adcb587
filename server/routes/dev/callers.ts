import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may read the development mail outbox (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /dev/outbox.json': { access: 'session' },
  'GET /dev/outbox': { access: 'session' },
  'GET /dev/outbox.css': { access: 'public' },
};
