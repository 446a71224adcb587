import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may call the user lists (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'POST /api/query/users': { access: { privilege: 'access-task' } },
  // The people the tasks may go to, for the tasks the caller may move: none for the others.
  'POST /api/query/users/reassignable': { access: { privilege: 'access-task' } },
  'GET /api/query/users/reassignable/:taskId': {
    access: { privilege: 'access-task', object: 'task' },
  },
};
