import type { RouteCallersTable } from '../../testing/routeAccess';

const admin = { privilege: 'access-admin' } as const;

/** Who may call the integration routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/admin/v1/integration-clients': { access: admin },
  'POST /api/admin/v1/integration-clients': { access: admin },
  // No client is registered here: administrators reach the lookup and find none.
  'POST /api/admin/v1/integration-clients/:clientId/revoke': { access: admin, ok: 404 },
  // The integration API is for systems, not staff: a client's bearer token, which no caller
  // here has, so every one of them is refused alike, session or not.
  'POST /api/integration/v1/messages': { access: 'public', ok: 401 },
  'POST /api/integration/v1/signals': { access: 'public', ok: 401 },
  'POST /api/integration/v1/external-tasks/fetch-and-lock': { access: 'public', ok: 401 },
  'POST /api/integration/v1/external-tasks/:externalTaskId/complete': { access: 'public', ok: 401 },
  'POST /api/integration/v1/external-tasks/:externalTaskId/failure': { access: 'public', ok: 401 },
  'POST /api/integration/v1/external-tasks/:externalTaskId/extend-lock': {
    access: 'public',
    ok: 401,
  },
  'GET /api/admin/v1/external-tasks': { access: admin },
  // No external task runs here: administrators reach the lookup and find none.
  'POST /api/admin/v1/external-tasks/:externalTaskId/retries': { access: admin, ok: 404 },
};
