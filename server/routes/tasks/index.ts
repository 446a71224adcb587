import type { FastifyPluginAsync } from 'fastify';
import { ErrorCode, NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  BulkReassignAnswer,
  BulkReassignBody,
  CompleteTaskAnswer,
  CompleteTaskBody,
  InstanceTasksAnswer,
  InstanceTasksBody,
  ReassignAnswer,
  ReassignBody,
  ReassignInfo,
  TaskDetail,
  TaskIdParams,
  TaskListAnswer,
  TaskPath,
  TaskQueryBody,
  TaskRoute,
  TaskRow,
} from '../../../schemas/api/tasks';
import { AppError } from '../../errors';
import { requirePrivilege, sessionOf } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { idempotentWrite } from '../../idempotency/idempotentWrite';
import { cleanComment } from '../../workflow/comments';
import { reassignInfo, requireVisibleTask } from '../../policies/taskPolicy';
import { bulkReassign, reassignTask } from '../../workflow/reassign';
import {
  claimTask,
  completeTask,
  listInstanceTasks,
  loadTaskDetail,
  loadTaskRow,
} from '../../workflow/taskActions';
import { TaskListCache } from '../../workflow/taskListCache';
import { queryTaskList, type TaskListKind } from '../../workflow/taskListQuery';
import { errorResponses } from '../errorResponses';
import { checkTaskCompletion } from './checkTaskCompletion';
import {
  REASSIGN_CAPABILITIES_PATH,
  ReassignCapabilitiesAnswer,
  ReassignCapabilitiesBody,
  reassignCapabilities,
} from './reassignCapabilities';

/**
 * The task calls of `TaskPath`: the three dashboard lists, one task as a row and as the task
 * page's detail, an instance's tasks, claim, complete and reassignment. Every call needs a
 * full session with access-task, checked before the body is even read; who may do what to
 * a task is the task policy's (server/policies/taskPolicy.ts).
 */
export const taskRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));
  // The lists' answers, given again while no write has touched what they read.
  const listCache = new TaskListCache();
  app.operator.metrics?.countTaskListAnswers(() => listCache.counts);

  const lists: [TaskListKind, string][] = [
    ['assigned', TaskPath.assigned],
    ['candidate', TaskPath.candidate],
    ['team', TaskPath.team],
  ];
  for (const [kind, path] of lists) {
    app.post(
      path,
      {
        schema: {
          summary: `A page of the ${kind} task list`,
          querystring: NoQuery,
          body: TaskQueryBody,
          response: { 200: TaskListAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const list = { kind, actor: request.actor, body: request.body, now: app.clock() };
        // The generation came with the session, before the statement can run.
        const { taskListGeneration } = sessionOf(request);
        return listCache.answer(taskListGeneration, list, () => queryTaskList(db, list));
      },
    );
  }

  app.get(
    TaskRoute.row,
    {
      schema: {
        summary: 'One task as a row of the task lists',
        params: TaskIdParams,
        querystring: NoQuery,
        response: { 200: TaskRow, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => loadTaskRow(db, request.actor, request.params.taskId),
  );

  app.get(
    TaskRoute.detail,
    {
      schema: {
        summary: 'One task with its details',
        params: TaskIdParams,
        querystring: NoQuery,
        response: { 200: TaskDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => loadTaskDetail(db, request.actor, request.params.taskId),
  );

  app.post(
    TaskPath.queryByInstance,
    {
      schema: {
        summary: 'The tasks of a process instance',
        querystring: NoQuery,
        body: InstanceTasksBody,
        response: { 200: InstanceTasksAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const tasks = await listInstanceTasks(
        db,
        request.actor,
        request.body.processInstanceId,
        request.body.state ?? 'open',
      );
      return { size: tasks.length, total: tasks.length, data: tasks };
    },
  );

  app.put(
    TaskRoute.claim,
    {
      schema: {
        summary: 'Claims a task for the signed-in user',
        params: TaskIdParams,
        querystring: NoQuery,
        response: { 200: TaskRow, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => claimTask(db, app.engine, request.actor, request.params.taskId),
  );

  app.post(
    TaskRoute.complete,
    {
      schema: {
        summary: 'Completes a task with its form values and outcome',
        params: TaskIdParams,
        querystring: NoQuery,
        body: CompleteTaskBody,
        response: { 200: CompleteTaskAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      idempotentWrite(request, reply, { db, engine: app.engine }, async (scope) => ({
        result: await completeTask(
          scope.db,
          scope.engine,
          request.actor,
          request.params.taskId,
          request.body,
          checkTaskCompletion,
        ),
      })),
  );

  app.get(
    TaskRoute.reassignInfo,
    {
      schema: {
        summary: 'What the user may do to reassign one task',
        params: TaskIdParams,
        querystring: NoQuery,
        response: { 200: ReassignInfo, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = request.actor;
      const task = await requireVisibleTask(db, actor, request.params.taskId);
      return reassignInfo(db, actor, task);
    },
  );

  app.post(
    REASSIGN_CAPABILITIES_PATH,
    {
      schema: {
        summary: 'What the user may do to reassign each of several tasks',
        querystring: NoQuery,
        body: ReassignCapabilitiesBody,
        response: { 200: ReassignCapabilitiesAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => reassignCapabilities(db, request.actor, request.body.taskIds),
  );

  app.put(
    TaskPath.reassign,
    {
      schema: {
        summary: 'Reassigns one task to another user',
        querystring: NoQuery,
        body: ReassignBody,
        response: { 200: ReassignAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = request.actor;
      const body = request.body;
      if (body.userId !== actor.userId) {
        throw new AppError(403, ErrorCode.forbidden, 'userId must be your own id.');
      }
      const moved = await reassignTask(db, app.engine, actor, {
        taskId: body.taskId,
        fromUser: body.fromUser,
        toUser: body.toUser,
        processInstanceId: body.processInstanceId,
        comment: cleanComment(body.comment, 'body.comment', true),
      });
      return { result: { taskId: body.taskId, ...moved } };
    },
  );

  app.patch(
    TaskPath.bulkReassign,
    {
      schema: {
        summary: 'Reassigns several tasks at once',
        querystring: NoQuery,
        body: BulkReassignBody,
        response: { 200: BulkReassignAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      result: await bulkReassign(db, app.engine, request.actor, request.body),
    }),
  );
};
