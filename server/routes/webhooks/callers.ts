import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may call the webhook routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // The demo's stand-in credit bureau: called by the server itself, with no session.
  'POST /webhook-demo/credit-check/:outcome': {
    access: 'public',
    request: { params: { outcome: 'approved' } },
  },
  // The owner's kit form has no webhook button: refused after the sight check (422).
  'POST /api/task/webhook': {
    access: { privilege: 'access-task', object: 'task' },
    ok: 422,
    request: { body: { name: 'creditCheck', taskId: ':taskId' } },
  },
};
