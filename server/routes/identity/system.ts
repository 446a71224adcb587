import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { IdentityPath, SystemSettings } from '../../../schemas/api/identity';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/**
 * `GET /identity/system/settings`: public. During maintenance the maintenance plugin answers
 * 503 first, like every call, so a 200 here also means the service is up. `autofill` is the
 * tenant's switch for the task page's Autofill; the privilege is checked in the browser.
 */
export const systemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.get(
    IdentityPath.systemSettings,
    {
      schema: {
        summary: "The tenant's public settings (maintenance, autofill)",
        querystring: NoQuery,
        response: { 200: SystemSettings, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom('tenants')
        .select('autofill')
        .where('name', '=', request.tenant.name)
        .executeTakeFirst();
      return {
        tenant: request.tenant.name,
        maintenance: request.tenant.maintenance || request.tenant.globalMaintenance,
        autofill: row?.autofill ?? false,
      };
    },
  );
};
