import type { RouteCallersTable } from '../../testing/routeAccess';

const backOffice = { privilege: 'access-bo', object: 'tenant' } as const;

/** Who may call the business-object records (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/datastore/object-definitions': { access: { privilege: 'access-bo' } },
  'GET /api/datastore/object-definitions/:key/:version': { access: backOffice },
  'POST /api/datastore/object-data/:key/:version/query': {
    access: backOffice,
    request: { body: { requestType: 'ALL_PROPERTIES' } },
  },
  'POST /api/datastore/object-data/:key/:version/download': { access: backOffice },
  'GET /api/datastore/object-data/:key/:version/records/:recordId': { access: backOffice },
  // The record has no stored file (the test's file belongs to a task): back-office staff
  // reach the lookup and find none, other callers are stopped before it.
  'GET /api/datastore/object-data/:key/:version/records/:recordId/files/:fileId': {
    access: backOffice,
    ok: 404,
  },
  'GET /api/datastore/data-store-processes': {
    access: backOffice,
    request: { query: { key: ':key', version: ':version', type: 'DELETE' } },
  },
};
