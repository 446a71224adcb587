import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  ReassignableUsersParams,
  UserPath,
  UserQueryBody,
  UserRoute,
  UsersAnswer,
} from '../../../schemas/api/users';
import { requirePrivilege, sessionOf } from '../../plugins/session';
import type { TypeBoxProvider } from '../../plugins/typeProvider';
import { reassignableUsers } from '../../tasks/reassign';
import { requireVisibleTask } from '../../tasks/taskAccess';
import { actorOf } from '../../tasks/taskActor';
import { queryUsers } from '../../tasks/userQueries';
import { errorResponses } from '../errorResponses';

/**
 * The user lists of `UserPath`: the general list (staff with access-task of the caller's
 * tenant) and the users one task may be reassigned to. Both need access-task.
 */
export const userRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.post(
    UserPath.query,
    {
      schema: {
        querystring: NoQuery,
        body: UserQueryBody,
        response: { 200: UsersAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await queryUsers(db, actorOf(sessionOf(request)), request.body),
    }),
  );

  app.get(
    UserRoute.reassignable,
    {
      schema: {
        params: ReassignableUsersParams,
        querystring: NoQuery,
        response: { 200: UsersAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = actorOf(sessionOf(request));
      const task = await requireVisibleTask(db, actor, request.params.taskId);
      const content = await reassignableUsers(db, actor, task);
      return { result: { content, totalElements: content.length, page: 0, size: content.length } };
    },
  );
};
