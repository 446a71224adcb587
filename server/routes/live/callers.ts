import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may open the live task events (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/live/v1/events': { access: { privilege: 'access-task' }, stream: true },
};
