import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may call the notification routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // One's own notifications only: the route names the owner; anyone else is refused, another
  // tenant's user as well (the id is compared with the caller's own before any lookup).
  'GET /api/query/v1/notifications/:userId': {
    access: { privilege: 'access-task', object: 'user' },
    except: { otherTenant: 403 },
  },
  'PUT /api/task/notifications/tasks/read': { access: { privilege: 'access-task' } },
  'PUT /api/task/notifications/tasks/read-kind': { access: { privilege: 'access-task' } },
  'PUT /api/task/notifications/tasks/started/:taskId': {
    access: { privilege: 'access-task', object: 'task' },
  },
};
