import type { RouteCallersTable } from '../../testing/routeAccess';

const instance = { privilege: 'access-task', object: 'task' } as const;

/** Who may call the process routes (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/task/v1/app-definitions': { access: { privilege: 'access-task' } },
  'GET /api/task/app/rest/process-definitions': { access: { privilege: 'access-task' } },
  'POST /api/task/app/rest/process-instances': {
    access: { privilege: 'access-task' },
    request: { body: { processDefinitionId: ':startableDefinitionId', name: 'Access check' } },
    // The definition is the internal tenant's: another tenant's user cannot find it.
    except: { otherTenant: 404 },
  },
  'GET /api/task/app/rest/process-instances/:processInstanceId': { access: instance },
  'DELETE /api/task/app/rest/process-instance-extended/:processInstanceId': {
    access: instance,
    changes: true,
    request: { body: { reason: 'Access check' } },
  },
  'GET /api/task/app/rest/query/variables/:processInstanceId': { access: instance },
};
