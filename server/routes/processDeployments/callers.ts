import type { RouteCallersTable } from '../../testing/routeAccess';

const admin = { privilege: 'access-admin' } as const;

/** Who may call the process deployments (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/admin/v1/process-deployments': { access: admin },
  'POST /api/admin/v1/process-deployments/check': { access: admin },
  // A file that is no BPMN: administrators reach the deployment's own checks (422).
  'POST /api/admin/v1/process-deployments': { access: admin, ok: 422 },
  // The kit's second process, which no other route uses; another tenant cannot find it.
  'POST /api/admin/v1/process-definitions/:definitionId/retire': {
    access: { ...admin, object: 'tenant' },
    request: { params: { definitionId: ':retirableDefinitionId' } },
  },
};
