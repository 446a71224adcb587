import type { RouteCallersTable } from '../../testing/routeAccess';

// No completed case of a report type is made here: back-office staff are let through to a
// 404 for the owner's running kit case, other callers are stopped before (401, 403).
const backOffice = { privilege: 'access-bo', object: 'tenant' } as const;
const detail = {
  access: backOffice,
  ok: 404,
  request: { params: { detailId: ':processInstanceId' } },
};

/** Who may call the reports (see server/testing/routeAccess.ts): back-office staff. */
export const callers: RouteCallersTable = {
  'GET /api/report/v1/completed/:type': { access: { privilege: 'access-bo' } },
  'GET /api/report/v1/completed/:type/:detailId': detail,
  'GET /api/report/v1/completed/:type/:detailId/csv': detail,
};
