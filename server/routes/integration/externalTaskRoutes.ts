import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  CompleteExternalTaskAnswer,
  CompleteExternalTaskBody,
  ExtendExternalTaskLockBody,
  ExternalTaskAdminRoute,
  ExternalTaskAnswer,
  ExternalTaskParams,
  ExternalTasksAnswer,
  ExternalTasksQuery,
  FailExternalTaskBody,
  FetchAndLockAnswer,
  FetchAndLockBody,
  INTEGRATION_BODY_LIMIT,
  IntegrationRoute,
  IntegrationScope,
  SetExternalTaskRetriesBody,
  type ExternalTaskItem,
  type LockedExternalTaskItem,
} from '../../../schemas/api/integration';
import type { ExternalTask, LockedExternalTask } from '../../engine';
import { clientOf, requireScope } from '../../fastify/clientAuth';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { refuseFileValues } from '../../workflow/processQueries';
import { toVariables } from '../../workflow/taskActions';
import { errorResponses } from '../errorResponses';

/** An external task in the API's (Camunda's) names. */
function externalTaskItem(task: ExternalTask): ExternalTaskItem {
  return {
    id: task.id,
    topicName: task.topic,
    processInstanceId: task.instanceId,
    businessKey: task.businessKey,
    processDefinitionKey: task.processDefinitionKey,
    activityId: task.elementId,
    workerId: task.workerId,
    lockExpirationTime: task.lockExpiresAt?.toISOString() ?? null,
    retries: task.retries,
    errorMessage: task.errorMessage,
    createdAt: task.createdAt.toISOString(),
  };
}

function lockedItem(task: LockedExternalTask): LockedExternalTaskItem {
  return { ...externalTaskItem(task), variables: task.variables };
}

/**
 * Workers' calls (scope `external-tasks`): work a process hands outside the server, fetched
 * and locked, then completed or failed by the worker holding the lock. The worker's own id
 * (`workerId`) names the lock holder; the client is who may call at all. Someone else's
 * lock is a 409, a task gone (the case moved on or was withdrawn) a 404.
 */
const workerRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.addHook('onRequest', requireScope(IntegrationScope.externalTasks));

  app.post(
    IntegrationRoute.fetchAndLock,
    {
      bodyLimit: INTEGRATION_BODY_LIMIT,
      schema: {
        summary: 'Locks up to maxTasks external tasks of the topics named, oldest first',
        querystring: NoQuery,
        body: FetchAndLockBody,
        response: { 200: FetchAndLockAnswer, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const { workerId, maxTasks, topics } = request.body;
      const locked = await app.engine.fetchAndLockExternalTasks(clientOf(request).tenant, {
        workerId,
        maxTasks,
        topics: topics.map((topic) => ({
          name: topic.topicName,
          lockDurationMs: topic.lockDuration,
          ...(topic.variables === undefined ? {} : { variables: topic.variables }),
        })),
      });
      return { data: locked.map(lockedItem) };
    },
  );

  app.post(
    IntegrationRoute.complete,
    {
      bodyLimit: INTEGRATION_BODY_LIMIT,
      schema: {
        summary: 'Completes an external task the worker holds; the case moves on',
        params: ExternalTaskParams,
        querystring: NoQuery,
        body: CompleteExternalTaskBody,
        response: {
          200: CompleteExternalTaskAnswer,
          ...errorResponses(400, 401, 403, 404, 409, 413),
        },
      },
    },
    async (request) => {
      const { workerId, variables } = request.body;
      // A worker sends data, never a reference to a file some case holds.
      if (variables !== undefined) refuseFileValues(variables);
      const instance = await app.engine.completeExternalTask(
        clientOf(request).tenant,
        request.params.externalTaskId,
        {
          workerId,
          ...(variables === undefined
            ? {}
            : { variables: toVariables(variables, 'body.variables') }),
        },
      );
      request.log.info(
        { externalTaskId: request.params.externalTaskId, instanceId: instance.id },
        'external task completed',
      );
      return { data: { processInstanceId: instance.id, ended: instance.endedAt !== null } };
    },
  );

  app.post(
    IntegrationRoute.failure,
    {
      bodyLimit: INTEGRATION_BODY_LIMIT,
      schema: {
        summary: 'Reports a failed attempt at an external task and the attempts left',
        params: ExternalTaskParams,
        querystring: NoQuery,
        body: FailExternalTaskBody,
        response: { 200: ExternalTaskAnswer, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const { workerId, errorMessage, retries, retryTimeout } = request.body;
      const task = await app.engine.failExternalTask(
        clientOf(request).tenant,
        request.params.externalTaskId,
        { workerId, errorMessage, retries, retryTimeoutMs: retryTimeout },
      );
      // The worker's message may quote the case's data: only the count goes to the log.
      request.log.warn(
        { externalTaskId: task.id, retries: task.retries },
        task.retries === 0 ? 'external task incident' : 'external task failed',
      );
      return { data: externalTaskItem(task) };
    },
  );

  app.post(
    IntegrationRoute.extendLock,
    {
      schema: {
        summary: 'Extends the lock of an external task the worker holds',
        params: ExternalTaskParams,
        querystring: NoQuery,
        body: ExtendExternalTaskLockBody,
        response: { 200: ExternalTaskAnswer, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const task = await app.engine.extendExternalTaskLock(
        clientOf(request).tenant,
        request.params.externalTaskId,
        { workerId: request.body.workerId, newDurationMs: request.body.newDuration },
      );
      return { data: externalTaskItem(task) };
    },
  );
};

/**
 * Administrators' calls (access-admin, the session's tenant): the external tasks, the
 * incidents among them with their errors, and giving one attempts again.
 */
const adminRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  app.addHook('onRequest', requirePrivilege(Privilege.accessAdmin));

  app.get(
    ExternalTaskAdminRoute.externalTasks,
    {
      schema: {
        summary: "The tenant's external tasks, oldest first; failedOnly for the incidents",
        querystring: ExternalTasksQuery,
        response: { 200: ExternalTasksAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { failedOnly, topicName } = request.query;
      const tasks = await app.engine.listExternalTasks(request.actor.tenant, {
        ...(failedOnly === undefined ? {} : { failedOnly }),
        ...(topicName === undefined ? {} : { topic: topicName }),
      });
      return { data: tasks.map(externalTaskItem) };
    },
  );

  app.post(
    ExternalTaskAdminRoute.retries,
    {
      schema: {
        summary: 'Gives an external task attempts again, so workers fetch it once more',
        params: ExternalTaskParams,
        querystring: NoQuery,
        body: SetExternalTaskRetriesBody,
        response: { 200: ExternalTaskAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const task = await app.engine.setExternalTaskRetries(
        request.actor.tenant,
        request.params.externalTaskId,
        request.body.retries,
        request.actor.userId,
      );
      request.log.info({ externalTaskId: task.id, retries: task.retries }, 'external task retried');
      return { data: externalTaskItem(task) };
    },
  );
};

/** The external task calls: workers' (bearer tokens) and administrators' (sessions). */
export const externalTaskRoutes: FastifyPluginAsync = async (app) => {
  await app.register(workerRoutes);
  await app.register(adminRoutes);
};
