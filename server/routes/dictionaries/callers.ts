import type { RouteCallersTable } from '../../testing/routeAccess';

/** Who may call the dictionaries (see server/testing/routeAccess.ts). */
export const callers: RouteCallersTable = {
  'GET /api/systemDictionaries': { access: 'session' },
};
