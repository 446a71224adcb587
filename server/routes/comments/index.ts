import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import {
  AddCommentAnswer,
  AddCommentBody,
  CommentAvailabilityAnswer,
  CommentAvailabilityBody,
  CommentInstanceParams,
  CommentPath,
  CommentRoute,
  CommentsAnswer,
} from '../../../schemas/api/comments';
import { Privilege } from '../../../schemas/api/identity';
import { requirePrivilege } from '../../fastify/session';
import { idempotentWrite } from '../../idempotency/idempotentWrite';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { addComment, commentAvailability, listInstanceComments } from '../../workflow/comments';
import { requireVisibleInstance } from '../../workflow/taskAccess';
import { errorResponses } from '../errorResponses';

/**
 * The comment calls of `CommentPath`: an instance's comments, adding one, and comment
 * availability for a page of tasks. Every call needs a full session with access-task and
 * sight of the instance or task concerned.
 */
export const commentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.get(
    CommentRoute.ofInstance,
    {
      schema: {
        summary: 'The comments of a process instance',
        params: CommentInstanceParams,
        querystring: NoQuery,
        response: { 200: CommentsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.actor;
      await requireVisibleInstance(db, actor, request.params.processInstanceId);
      return { result: await listInstanceComments(db, actor, request.params.processInstanceId) };
    },
  );

  app.post(
    CommentPath.add,
    {
      schema: {
        summary: "Adds a comment to a task's process instance",
        querystring: NoQuery,
        body: AddCommentBody,
        response: { 200: AddCommentAnswer, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      idempotentWrite(request, reply, { db, engine: app.engine }, async (scope) => ({
        result: await addComment(scope.db, request.actor, request.body),
      })),
  );

  app.post(
    CommentPath.availability,
    {
      schema: {
        summary: 'Whether comments can be read and added, for a page of tasks',
        querystring: NoQuery,
        body: CommentAvailabilityBody,
        response: { 200: CommentAvailabilityAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await commentAvailability(db, request.actor, request.body.taskIds),
    }),
  );
};
