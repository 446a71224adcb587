import type { RouteCallersTable } from '../../testing/routeAccess';

const task = { privilege: 'access-task', object: 'task' } as const;

/** Who may call the task routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // The lists answer each caller with their own tasks: any holder of access-task.
  'POST /api/query/v1/tasks/assigned': { access: { privilege: 'access-task' } },
  'POST /api/query/v1/tasks/candidate': { access: { privilege: 'access-task' } },
  'POST /api/query/v1/tasks/team': { access: { privilege: 'access-task' } },
  'GET /api/query/v1/tasks/:taskId': { access: task },
  'GET /api/task/app/rest/tasks/:taskId': { access: task },
  'POST /api/task/app/rest/query/tasks': {
    access: task,
    request: { body: { processInstanceId: ':processInstanceId' } },
  },
  // The owner holds the task already: claiming it again changes nothing. Someone without a
  // ground to claim it is refused (403), not told that someone holds it.
  'PUT /api/task/app/rest/tasks/:taskId/action/claim': { access: task, changes: true },
  'POST /api/task/app/rest/tasks/:taskId/action/complete': {
    access: task,
    changes: true,
    request: { body: { outcome: 'approve', values: {} } },
  },
  'GET /api/task/tasks/:taskId/reassign-info': { access: task },
  // Answers per task: one beyond the caller's reach answers as one that cannot be moved.
  'POST /api/task/tasks/reassign-info': { access: { privilege: 'access-task' } },
  'PUT /api/task/tasks/action/reassign': {
    access: task,
    changes: true,
    request: {
      body: {
        fromUser: 'lmartin',
        toUser: 'jmorales',
        userId: ':callerId',
        comment: '',
        taskName: 'Access check',
      },
    },
  },
  // Answers per task (moved, NOT_ALLOWED, NOT_FOUND), as the single reassign would refuse it.
  'PATCH /api/task/tasks/action/bulk-reassign': {
    access: { privilege: 'access-task' },
    changes: true,
    request: {
      body: { toUserId: 'jmorales', taskDetails: [{ fromUserId: 'lmartin', taskId: ':taskId' }] },
    },
  },
};
