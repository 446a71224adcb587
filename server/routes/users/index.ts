import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  BulkReassignableUsersBody,
  ReassignableUsersParams,
  UserPath,
  UserQueryBody,
  UserRoute,
  UsersAnswer,
} from '../../../schemas/api/users';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { bulkReassignableUsers, reassignableUsers } from '../../workflow/reassign';
import { requireVisibleTask } from '../../workflow/taskAccess';
import { queryUsers } from '../../workflow/userQueries';
import { errorResponses } from '../errorResponses';

/**
 * The user lists of `UserPath`: the general list (staff with access-task of the caller's
 * tenant), the users one task may be reassigned to and those a selection of tasks may go
 * to (one rule for both). All need access-task.
 */
export const userRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.post(
    UserPath.query,
    {
      schema: {
        summary: "Searches the tenant's users",
        querystring: NoQuery,
        body: UserQueryBody,
        response: { 200: UsersAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await queryUsers(db, request.actor, request.body),
    }),
  );

  app.post(
    UserPath.bulkReassignable,
    {
      schema: {
        summary: 'The users to whom several tasks may be reassigned',
        querystring: NoQuery,
        body: BulkReassignableUsersBody,
        response: { 200: UsersAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const content = await bulkReassignableUsers(db, request.actor, request.body.taskIds);
      return { result: { content, totalElements: content.length, page: 0, size: content.length } };
    },
  );

  app.get(
    UserRoute.reassignable,
    {
      schema: {
        summary: 'The users to whom one task may be reassigned',
        params: ReassignableUsersParams,
        querystring: NoQuery,
        response: { 200: UsersAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.actor;
      const task = await requireVisibleTask(db, actor, request.params.taskId);
      const content = await reassignableUsers(db, actor, task);
      return { result: { content, totalElements: content.length, page: 0, size: content.length } };
    },
  );
};
