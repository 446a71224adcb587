import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import {
  DirectoryIdsBody,
  DirectoryPath,
  GroupQueryBody,
  GroupsAnswer,
} from '../../../schemas/api/directory';
import { Privilege } from '../../../schemas/api/identity';
import { UsersAnswer } from '../../../schemas/api/users';
import { groupsByIds, queryGroups, usersByIds } from '../../identity/directory';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';

/** A whole list as one page, the shape every list of the API answers with. */
function onePage<Entry>(content: Entry[]) {
  return { result: { content, totalElements: content.length, page: 0, size: content.length } };
}

/**
 * The directory behind the people and functional-group pickers of `DirectoryPath`: the
 * search of the caller's tenant's groups, and the lookup of people and groups by id that
 * names a saved value. All need access-task, as the users list does; the tenant is the
 * request's.
 */
export const directoryRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.post(
    DirectoryPath.groups,
    {
      schema: {
        summary: "Searches the tenant's groups",
        querystring: NoQuery,
        body: GroupQueryBody,
        response: { 200: GroupsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await queryGroups(db, request.actor.tenant, request.body, request.actor.language),
    }),
  );

  app.post(
    DirectoryPath.groupsByIds,
    {
      schema: {
        summary: 'Groups by their ids',
        querystring: NoQuery,
        body: DirectoryIdsBody,
        response: { 200: GroupsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      onePage(
        await groupsByIds(db, request.actor.tenant, request.body.ids, request.actor.language),
      ),
  );

  app.post(
    DirectoryPath.usersByIds,
    {
      schema: {
        summary: 'Users by their ids',
        querystring: NoQuery,
        body: DirectoryIdsBody,
        response: { 200: UsersAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => onePage(await usersByIds(db, request.actor.tenant, request.body.ids)),
  );
};
