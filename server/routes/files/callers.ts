import type { RouteCallersTable } from '../../testing/routeAccess';

const task = { privilege: 'access-task', object: 'task' } as const;
const picture = { name: 'access.png', type: 'image/png' };

/** Who may call the file store (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'POST /api/task/file': {
    access: task,
    request: { multipart: { fields: { taskId: ':taskId', kind: 'picture' }, file: picture } },
  },
  'PATCH /api/task/file/:fileId': {
    access: task,
    changes: true,
    request: { multipart: { fields: {}, file: picture } },
  },
  'GET /api/task/file/:fileId': { access: task },
  'DELETE /api/task/file/:fileId': { access: task, changes: true },
};
