import type { RouteCallersTable } from '../../testing/routeAccess';

const task = { privilege: 'access-task', object: 'task' } as const;
/** The author preview's calls: access-task for the forms area, access-test for authoring. */
const authors = { privilege: ['access-task', 'access-test'] } as const;

/** Who may call the form routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/task/app/rest/task-forms/:taskId': { access: task },
  'GET /api/task/app/rest/taskForms/:taskId': { access: task },
  // The owner's kit task is a plain form, not a combined one: not found for the owner, after
  // the same sight check as the other task routes.
  'GET /api/query/v1/combined-user-task/:taskId': { access: task, ok: 404 },
  'PUT /api/task/app/rest/tasks/:taskId/draft': {
    access: task,
    changes: true,
    request: { body: { values: { note: 'Draft' } } },
  },
  // A form definition is the tenant's, not a person's: any holder of access-task reads one
  // version of it (the task page loads the version its task names). The demo's forms are
  // stored in every tenant, so the acme user reads acme's own copy.
  'GET /api/task/app/rest/taskForms/:formId/:version': {
    access: { privilege: 'access-task' },
    request: { params: { formId: ':designerFormId', version: '1' } },
  },
  'GET /api/forms/designer/:formId': {
    access: { privilege: 'access-task' },
    request: { params: { formId: ':designerFormId' } },
  },
  'GET /api/forms': { access: authors },
  'GET /api/forms/:formId': {
    access: authors,
    request: { params: { formId: ':designerFormId' } },
  },
  'POST /api/forms/preview': {
    access: authors,
    request: { body: { definition: { id: 'access-check', name: 'Access check', fields: [] } } },
  },
};
