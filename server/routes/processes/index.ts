import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  AppDefinitionsAnswer,
  CreateProcessInstanceAnswer,
  CreateProcessInstanceBody,
  ProcessDefinitionsAnswer,
  ProcessDefinitionsQuery,
  ProcessInstanceDetail,
  ProcessInstanceParams,
  ProcessPath,
  ProcessRoute,
  VariablesAnswer,
  VariablesQuery,
  WithdrawInstanceAnswer,
  WithdrawInstanceBody,
} from '../../../schemas/api/processes';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import {
  cleanWithdrawReason,
  listAppDefinitions,
  listProcessDefinitions,
  loadInstanceDetail,
  loadVariables,
  startProcessInstance,
  withdrawInstance,
} from '../../workflow/processQueries';
import { errorResponses } from '../errorResponses';
import { idempotentWrite } from '../../idempotency/idempotentWrite';

/**
 * The process calls of `ProcessPath`: startable processes, definitions of an app key,
 * starting an instance, an instance's detail, its variables and withdrawing it. Every call
 * needs a full session with access-task; an instance of another tenant is a 404; who may
 * withdraw is the instance policy's (server/policies/instancePolicy.ts).
 */
export const processRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessTask));

  app.get(
    ProcessPath.appDefinitions,
    {
      schema: {
        summary: 'The process apps the user may start processes of',
        querystring: NoQuery,
        response: { 200: AppDefinitionsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await listAppDefinitions(app.engine, request.actor.tenant);
      return { size: data.length, data };
    },
  );

  app.get(
    ProcessPath.processDefinitions,
    {
      schema: {
        summary: 'The process definitions the user may start',
        querystring: ProcessDefinitionsQuery,
        response: { 200: ProcessDefinitionsAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const data = await listProcessDefinitions(db, request.actor.tenant, {
        latest: request.query.latest ?? true,
        key: request.query.appDefinitionKey,
      });
      return { size: data.length, data };
    },
  );

  app.post(
    ProcessPath.processInstances,
    {
      schema: {
        summary: 'Starts a process instance',
        querystring: NoQuery,
        body: CreateProcessInstanceBody,
        response: {
          200: CreateProcessInstanceAnswer,
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    // A start is the costliest write to repeat: a second case for one application.
    async (request, reply) =>
      idempotentWrite(
        request,
        reply,
        { db: app.database.db, engine: app.engine },
        async (scope) => ({
          data: await startProcessInstance(scope.engine, request.actor, request.body),
        }),
      ),
  );

  app.get(
    ProcessRoute.processInstance,
    {
      schema: {
        summary: 'One process instance',
        params: ProcessInstanceParams,
        querystring: NoQuery,
        response: { 200: ProcessInstanceDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      loadInstanceDetail(db, app.engine, request.actor, request.params.processInstanceId),
  );

  app.delete(
    ProcessRoute.processInstanceExtended,
    {
      schema: {
        summary: 'Withdraws (deletes) a process instance',
        params: ProcessInstanceParams,
        querystring: NoQuery,
        body: WithdrawInstanceBody,
        response: {
          200: WithdrawInstanceAnswer,
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      withdrawInstance(
        db,
        app.engine,
        request.actor,
        request.params.processInstanceId,
        cleanWithdrawReason(request.body.reason, 'body.reason'),
      ),
  );

  app.get(
    ProcessRoute.variables,
    {
      schema: {
        summary: 'The variables of a process instance (access-variables)',
        params: ProcessInstanceParams,
        querystring: VariablesQuery,
        response: { 200: VariablesAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      loadVariables(
        db,
        app.engine,
        request.actor,
        request.params.processInstanceId,
        request.query.taskId,
      ),
  );
};
