import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import { Privilege } from '../../../schemas/api/identity';
import {
  DEPLOYMENT_BODY_LIMIT,
  DeployAnswer,
  DeploymentBody,
  DeploymentCheckAnswer,
  ProcessDeploymentRoute,
  ProcessDeploymentsAnswer,
  RetireAnswer,
  RetireParams,
} from '../../../schemas/api/processDeployments';
import { requirePrivilege } from '../../fastify/session';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import {
  checkDeployment,
  deployProcess,
  listDeployedProcesses,
  retireVersion,
} from '../../deployments/processDeployments';
import { errorResponses } from '../errorResponses';

/**
 * Administrators' process deployment calls (`ProcessDeploymentPath`, access-admin, the
 * tenant the session's): the deployed processes with every version, checking a BPMN file
 * with its forms without deploying, deploying them as the next version, and retiring a
 * version. Another tenant's version is a 404. Bodies are JSON text files, limited to
 * DEPLOYMENT_BODY_LIMIT in all.
 */
export const processDeploymentRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();
  const { db } = app.database;
  app.addHook('onRequest', requirePrivilege(Privilege.accessAdmin));

  app.get(
    ProcessDeploymentRoute.deployments,
    {
      schema: {
        summary: 'Every deployed process with its versions, running cases and state',
        querystring: NoQuery,
        response: { 200: ProcessDeploymentsAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await listDeployedProcesses(db, request.actor.tenant) }),
  );

  app.post(
    ProcessDeploymentRoute.check,
    {
      bodyLimit: DEPLOYMENT_BODY_LIMIT,
      schema: {
        summary: 'Checks a BPMN file and its forms without deploying, listing every problem',
        querystring: NoQuery,
        body: DeploymentBody,
        response: { 200: DeploymentCheckAnswer, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) =>
      (await checkDeployment(db, app.engine, request.actor.tenant, request.body)).answer,
  );

  app.post(
    ProcessDeploymentRoute.deployments,
    {
      bodyLimit: DEPLOYMENT_BODY_LIMIT,
      schema: {
        summary: 'Deploys a BPMN file and its forms as the next version of its process',
        querystring: NoQuery,
        body: DeploymentBody,
        response: { 200: DeployAnswer, ...errorResponses(400, 401, 403, 413, 422) },
      },
    },
    async (request) => {
      const answer = await deployProcess(db, app.engine, request.actor, request.body);
      // Who put which version into service, for the audit trail.
      request.log.info(
        { definitionId: answer.data.id, key: answer.data.key, version: answer.data.version },
        'process deployed',
      );
      return answer;
    },
  );

  app.post(
    ProcessDeploymentRoute.retire,
    {
      schema: {
        summary: 'Retires a process version: new starts never take it, running cases finish on it',
        params: RetireParams,
        querystring: NoQuery,
        response: { 200: RetireAnswer, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const answer = await retireVersion(
        db,
        app.engine,
        request.actor,
        request.params.definitionId,
      );
      request.log.info(
        { definitionId: answer.data.id, key: answer.data.key, version: answer.data.version },
        'process version retired',
      );
      return answer;
    },
  );
};
