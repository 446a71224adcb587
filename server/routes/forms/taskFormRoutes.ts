import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import {
  CombinedTaskAnswer,
  FormRoute,
  FormTaskParams,
  SaveDraftAnswer,
  SaveDraftBody,
  TaskFormAnswer,
} from '../../../schemas/api/forms';
import { loadCombinedTask, loadTaskForm, saveTaskDraft } from '../../forms/taskForms';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { errorResponses } from '../errorResponses';
import { idempotentWrite } from '../../idempotency/idempotentWrite';

/**
 * The task's form under both spellings the spec names, a combined task's forms, and the
 * draft save. The parent plugin requires access-task; each call also needs sight of the
 * task (404 for another tenant's or an unknown task, 403 for one that is not the user's).
 */
export const taskFormRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;

  for (const path of [FormRoute.taskForm, FormRoute.taskFormAlias]) {
    app.get(
      path,
      {
        schema: {
          summary: "A task's form, compiled, with its saved values",
          params: FormTaskParams,
          querystring: NoQuery,
          response: { 200: TaskFormAnswer, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => loadTaskForm(db, request.actor, request.params.taskId),
    );
  }

  app.get(
    FormRoute.combinedTask,
    {
      schema: {
        summary: "A combined (CUT-) task's forms, compiled, with their saved values",
        params: FormTaskParams,
        querystring: NoQuery,
        response: { 200: CombinedTaskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => loadCombinedTask(db, request.actor, request.params.taskId),
  );

  app.put(
    FormRoute.draft,
    {
      schema: {
        summary: "Saves a task form's values as a draft",
        params: FormTaskParams,
        querystring: NoQuery,
        body: SaveDraftBody,
        response: { 200: SaveDraftAnswer, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      idempotentWrite(request, reply, { db, engine: app.engine }, (scope) =>
        saveTaskDraft(scope.db, scope.engine, request.actor, request.params.taskId, request.body),
      ),
  );
};
