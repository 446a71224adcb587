import type { RouteCallersTable } from '../testing/routeAccess';

/** Who may call the operator's routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // The API's description names routes, not data: open like the SPA's files.
  'GET /api/openapi.json': { access: 'public' },
  // A probe calls the pod's address without a session: liveness and readiness say one word.
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  // METRICS_TOKEN is not set in tests: the route answers 404 to everyone, as if absent.
  'GET /metrics': { access: 'public', ok: 404 },
};
