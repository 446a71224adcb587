import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may call the user settings (see server/testing/routeAccess.ts): one's own only. */
export const callers: RouteCallersTable = {
  'GET /api/task/user-settings': { access: { privilege: 'access-task' } },
  'PATCH /api/task/user-settings': { access: { privilege: 'access-task' } },
};
