import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { IdentityPath, SystemSettings } from '../../../schemas/api/identity';
import type { TypeBoxProvider } from '../../plugins/typeProvider';
import { errorResponses } from '../errorResponses';

/**
 * `GET /identity/system/settings`: public. During maintenance the maintenance plugin answers
 * 503 first, like every call, so a 200 here also means the service is up.
 */
export const systemRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.get(
    IdentityPath.systemSettings,
    {
      schema: {
        querystring: NoQuery,
        response: { 200: SystemSettings, ...errorResponses(400, 404) },
      },
    },
    async (request) => ({
      tenant: request.tenant.name,
      maintenance: request.tenant.maintenance || request.tenant.globalMaintenance,
    }),
  );
};
