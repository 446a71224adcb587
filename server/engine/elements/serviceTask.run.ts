import { randomUUID } from 'node:crypto';
import { ProcessExecutionError } from '../engineErrors';
import { compiledTemplate } from '../expressions/compiledTemplate';
import { renderTemplate } from '../expressions/parseTemplate';
import type {
  ExternalServiceTaskNode,
  HandlerServiceTaskNode,
  ServiceTaskNode,
} from '../processModel';
import type { RunContext, Token } from '../runner/runContext';

/** A handler's task runs at once and the token moves on; an external one is an activity. */
export async function enterServiceTask(
  node: ServiceTaskNode,
  token: Token,
  run: RunContext,
): Promise<void> {
  if (node.external) {
    await run.enterActivity(token, node);
    return;
  }
  await runHandler(node, token, run);
  await run.moveOn(token, node);
}

/** An external task's work: offered to the workers of its topic while the token rests. */
export async function executeServiceTask(
  node: ServiceTaskNode,
  token: Token,
  run: RunContext,
): Promise<void> {
  if (!node.external) return;
  await run.park(token, 'active');
  await createExternalTask(node, token, run);
}

async function runHandler(node: HandlerServiceTaskNode, token: Token, run: RunContext) {
  const { instance } = run;
  const handler = run.dependencies.handlers.get(node.handler);
  if (handler === undefined) {
    throw new ProcessExecutionError(
      `service task '${node.id}': no handler named '${node.handler}' is registered`,
    );
  }
  const variables = await run.scopeVariables(token.parentId, null);
  // Built with fromEntries so a property named `__proto__` stays an ordinary key.
  const properties = Object.fromEntries(
    Object.entries(node.properties).map(([name, value]) => [
      name,
      renderTemplate(compiledTemplate(value), variables, run.at),
    ]),
  );
  const result = await handler({
    tenant: instance.tenant,
    instanceId: instance.id,
    definitionId: instance.definitionId,
    definitionKey: instance.definitionKey,
    elementId: node.id,
    startedBy: instance.startedBy,
    variables: structuredClone(variables),
    properties,
    db: run.db,
  });
  if (result) instance.variables = { ...instance.variables, ...result };
  await run.history('serviceTaskRun', {
    elementId: node.id,
    handler: node.handler,
    variables: result ? Object.keys(result) : [],
  });
}

/**
 * Offers the work of an external service task to the workers of its topic: a row they
 * fetch and lock; the token rests here until one completes it.
 */
async function createExternalTask(
  node: ExternalServiceTaskNode,
  token: Token,
  run: RunContext,
): Promise<void> {
  const { instance } = run;
  const id = randomUUID();
  await run.db
    .insertInto('process_external_tasks')
    .values({
      id,
      tenant: instance.tenant,
      instance_id: instance.id,
      execution_id: token.id,
      element_id: node.id,
      topic: node.external.topic,
      worker_id: null,
      lock_expires_at: null,
      retries: null,
      error_message: null,
      created_at: run.dependencies.now,
    })
    .execute();
  await run.history('externalTaskCreated', {
    externalTaskId: id,
    elementId: node.id,
    topic: node.external.topic,
  });
}
