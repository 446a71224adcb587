import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may call the form pickers' directory (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'POST /api/query/groups': { access: { privilege: 'access-task' } },
  'POST /api/query/groups/by-ids': { access: { privilege: 'access-task' } },
  'POST /api/query/users/by-ids': { access: { privilege: 'access-task' } },
};
