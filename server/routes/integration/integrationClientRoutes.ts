import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  CreateIntegrationClientBody,
  CreatedIntegrationClientAnswer,
  IntegrationClientAnswer,
  IntegrationClientParams,
  IntegrationClientRoute,
  IntegrationClientsAnswer,
} from '../../../schemas/api/integration';
import { AppError } from '../../errors';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import {
  createIntegrationClient,
  listIntegrationClients,
  revokeIntegrationClient,
} from '../../identity/integrationClients';
import { errorResponses } from '../errorResponses';

/**
 * Administrators' calls for the tenant's integration clients (access-admin, the session's
 * tenant): list them, make one (its token answered once), revoke one. Another tenant's
 * client is a 404. Who made or revoked which client goes to the log.
 */
export const integrationClientRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessAdmin));

  app.get(
    IntegrationClientRoute.clients,
    {
      schema: {
        summary: "The tenant's integration clients, newest first, revoked ones included",
        querystring: NoQuery,
        response: { 200: IntegrationClientsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listIntegrationClients(db, request.actor.tenant) }),
  );

  app.post(
    IntegrationClientRoute.clients,
    {
      schema: {
        summary: 'Makes an integration client and answers its bearer token, shown only this once',
        querystring: NoQuery,
        body: CreateIntegrationClientBody,
        response: { 200: CreatedIntegrationClientAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const created = await createIntegrationClient(db, {
        tenant: request.actor.tenant,
        name: request.body.name,
        scopes: request.body.scopes,
        createdBy: request.actor.userId,
      });
      request.log.info(
        { clientId: created.client.id, scopes: created.client.scopes },
        'integration client created',
      );
      return { data: created };
    },
  );

  app.post(
    IntegrationClientRoute.revoke,
    {
      schema: {
        summary: 'Revokes an integration client: its token stops working at once',
        params: IntegrationClientParams,
        querystring: NoQuery,
        response: { 200: IntegrationClientAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const client = await revokeIntegrationClient(db, {
        tenant: request.actor.tenant,
        id: request.params.clientId,
        revokedBy: request.actor.userId,
        now: app.clock(),
      });
      if (client === null) {
        throw new AppError(404, ErrorCode.notFound, 'No such integration client.');
      }
      request.log.info({ clientId: client.id }, 'integration client revoked');
      return { data: client };
    },
  );
};
