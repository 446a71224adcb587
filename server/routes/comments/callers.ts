import type { RouteCallersTable } from '../../testing/routeAccess';

const task = { privilege: 'access-task', object: 'task' } as const;

/** Who may call the comment routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/task/comments/:processInstanceId': { access: task },
  'POST /api/task/comments': {
    access: task,
    request: {
      body: { comment: 'Seen.' },
    },
  },
  // Answers per task: one beyond the caller's reach answers as one without comments.
  'POST /api/task/comments/availability': { access: { privilege: 'access-task' } },
};
