import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  NotificationPath,
  NotificationRoute,
  NotificationSummary,
  NotificationUserParams,
  ReadNotificationKindBody,
  ReadNotificationsAnswer,
  ReadNotificationsBody,
  StartedTaskAnswer,
  StartedTaskParams,
} from '../../../schemas/api/notifications';
import { AppError } from '../../errors';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import {
  markNotificationKindRead,
  markNotificationsRead,
  notificationSummary,
} from '../../workflow/notifications';
import { markTaskStarted } from '../../workflow/taskActions';
import { errorResponses } from '../errorResponses';

/**
 * The notification calls of `NotificationPath`: one's own summary (403 for anyone else's),
 * marking notifications read (by id, or every one of a kind), and marking a task seen by its
 * assignee. Every call needs a full session with access-task.
 */
export const notificationRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.get(
    NotificationRoute.summary,
    {
      schema: {
        summary: "The user's notifications by kind, with unread counts",
        params: NotificationUserParams,
        querystring: NoQuery,
        response: { 200: NotificationSummary, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.actor;
      if (request.params.userId !== actor.userId) {
        throw new AppError(403, ErrorCode.forbidden, 'Only your own notifications can be read.');
      }
      return notificationSummary(db, actor);
    },
  );

  app.put(
    NotificationPath.read,
    {
      schema: {
        summary: 'Marks notifications as read',
        querystring: NoQuery,
        body: ReadNotificationsBody,
        response: { 200: ReadNotificationsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: {
        updated: await markNotificationsRead(db, request.actor, request.body.notificationIds),
      },
    }),
  );

  app.put(
    NotificationPath.readKind,
    {
      schema: {
        summary: 'Marks every notification of one kind as read',
        querystring: NoQuery,
        body: ReadNotificationKindBody,
        response: { 200: ReadNotificationsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { kind, upTo } = request.body;
      const seenUpTo = upTo === undefined ? undefined : new Date(upTo);
      // The format admits times no date holds (a leap second): refuse them, not the query.
      if (seenUpTo && Number.isNaN(seenUpTo.getTime())) {
        throw new AppError(400, ErrorCode.validation, 'upTo is not a time.');
      }
      return {
        result: { updated: await markNotificationKindRead(db, request.actor, kind, seenUpTo) },
      };
    },
  );

  app.put(
    NotificationRoute.started,
    {
      schema: {
        summary:
          "Marks a task opened by its assignee: its 'new' marker goes and its notifications are read",
        params: StartedTaskParams,
        querystring: NoQuery,
        response: { 200: StartedTaskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await markTaskStarted(db, app.engine, request.actor, request.params.taskId),
    }),
  );
};
