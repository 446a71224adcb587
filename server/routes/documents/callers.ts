import type { RouteCallersTable } from '../../testing/routeAccess';

const admin = { privilege: 'access-admin' } as const;

/** Who may call the document routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  // A report type's templates: for whoever works on tasks or in the back office.
  'GET /api/documentTemplate/v1/templates': {
    access: { privilege: 'access-task' },
    request: { query: { scope: 'LOAN' } },
    except: { bo: 200 },
  },
  // The owner's kit case is no loan: its owner, and back-office staff (who read every case),
  // get past the sight check to a template that is not for this case (404); anyone else is
  // refused before it.
  'POST /api/documentTemplate/v1/generate': {
    access: { privilege: 'access-task', object: 'task' },
    ok: 404,
    request: { body: { templateId: ':templateId', processInstanceId: ':processInstanceId' } },
    except: { bo: 404 },
  },
  // A generated document is found by its random id first: one that does not exist is not
  // found for every signed-in caller (the sight check on a real one is documents.test.ts's).
  'GET /api/documentTemplate/raw/:processInstanceId': {
    access: 'session',
    ok: 404,
    request: {
      query: { contentId: '00000000-0000-4000-8000-000000000000', requiredFileFormat: 'docx' },
    },
  },
  'GET /api/documentTemplate/v1/admin/templates': { access: admin },
  // A form without its file: administrators reach the upload's own check (400).
  'POST /api/documentTemplate/v1/admin/templates': {
    access: admin,
    ok: 400,
    request: { multipart: { fields: { scope: 'LOAN', name: 'Access check' } } },
  },
  // The demo's templates came with the installation and stay (409); another tenant's user
  // cannot find them.
  'DELETE /api/documentTemplate/v1/admin/templates/:templateId': {
    access: { ...admin, object: 'tenant' },
    ok: 409,
  },
};
