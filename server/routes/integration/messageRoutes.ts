import type { FastifyPluginAsync } from 'fastify';
import { NoQuery } from '../../../schemas/api/common';
import {
  INTEGRATION_BODY_LIMIT,
  IntegrationRoute,
  IntegrationScope,
  SendMessageAnswer,
  SendMessageBody,
  SendSignalAnswer,
  SendSignalBody,
} from '../../../schemas/api/integration';
import { clientOf, requireScope } from '../../fastify/clientAuth';
import type { TypeBoxProvider } from '../../fastify/typeProvider';
import { refuseFileValues } from '../../workflow/processQueries';
import { toVariables } from '../../workflow/taskActions';
import { errorResponses } from '../errorResponses';

/**
 * Messages and signals from outside systems (scope `messages`): how a document scanner tells a case that
 * papers arrived. The message goes to the case named (by id or business key) waiting for
 * it, else to the oldest waiting case, else starts the process whose start event waits for
 * it; nothing waiting is a 404, a race lost to another sender a 409. The client is the
 * history's actor. A signal reaches every case of the tenant waiting for it; where none
 * waits it is lost, as BPMN says, which is no error.
 */
export const messageRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxProvider>();

  app.post(
    IntegrationRoute.messages,
    {
      bodyLimit: INTEGRATION_BODY_LIMIT,
      onRequest: requireScope(IntegrationScope.messages),
      schema: {
        summary: 'Sends a message to the case waiting for it, or starts the process it starts',
        querystring: NoQuery,
        body: SendMessageBody,
        response: { 200: SendMessageAnswer, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const client = clientOf(request);
      const { messageName, processInstanceId, businessKey, variables } = request.body;
      // An outside system sends data, never a reference to a file some case holds.
      if (variables !== undefined) refuseFileValues(variables);
      const instance = await app.engine.correlateMessage(client.tenant, {
        messageName: messageName.trim(),
        ...(processInstanceId === undefined ? {} : { processInstanceId }),
        ...(businessKey === undefined ? {} : { businessKey }),
        ...(variables === undefined ? {} : { variables: toVariables(variables, 'body.variables') }),
        actor: client.id,
      });
      request.log.info({ instanceId: instance.id, messageName }, 'message correlated');
      return {
        data: {
          processInstanceId: instance.id,
          businessKey: instance.businessKey,
          ended: instance.endedAt !== null,
        },
      };
    },
  );

  app.post(
    IntegrationRoute.signals,
    {
      bodyLimit: INTEGRATION_BODY_LIMIT,
      onRequest: requireScope(IntegrationScope.messages),
      schema: {
        summary:
          'Sends a signal to every case of the tenant waiting for it, and starts the processes it starts',
        querystring: NoQuery,
        body: SendSignalBody,
        response: { 200: SendSignalAnswer, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const client = clientOf(request);
      const { signalName, variables } = request.body;
      if (variables !== undefined) refuseFileValues(variables);
      const sent = await app.engine.sendSignal(client.tenant, {
        signalName: signalName.trim(),
        ...(variables === undefined ? {} : { variables: toVariables(variables, 'body.variables') }),
        actor: client.id,
      });
      request.log.info(
        { signalName, waitsReached: sent.waitsReached, instancesStarted: sent.instancesStarted },
        'signal sent',
      );
      return { data: { ...sent, startedInstanceIds: [...sent.startedInstanceIds] } };
    },
  );
};
