import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';
import { isApiPath } from './apiPaths';
import { definePlugin } from './definePlugin';

/**
 * Answers every API call with 503 `MAINTENANCE` while the tenant's or the global flag is
 * set (spec 000 section 4: a 503 sends the client to /maintenance). The SPA's own files and
 * /dev stay reachable, so the maintenance page can load and tests can still read mail.
 */
export const maintenancePlugin = definePlugin(
  'tessera-maintenance',
  async (app) => {
    app.addHook('onRequest', async (request) => {
      if (!isApiPath(request.url)) return;
      const { maintenance, globalMaintenance } = request.tenant;
      if (maintenance || globalMaintenance) {
        throw new AppError(503, ErrorCode.maintenance, 'Tessera is down for maintenance.', {
          headers: { 'retry-after': '120' },
        });
      }
    });
  },
  ['tessera-tenant'],
);
