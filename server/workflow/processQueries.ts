import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import {
  ProcessType,
  type AppDefinition,
  type ProcessDefinitionSummary,
  type ProcessInstanceDetail,
  type StartedBy,
  type VariablesAnswer,
} from '../../schemas/api/processes';
import type { DatabaseSchema } from '../db/schema';
import { findAccount } from '../identity/accounts';
import type { ProcessEngine } from '../engine';
import { AppError } from '../errors';
import { requireVisibleInstance } from './taskAccess';
import type { TaskActor } from './taskActor';
import { toVariables } from './taskActions';

/**
 * The report type of each demo process key (spec 001: loan, customer and loanApplication
 * reports). Processes not listed have no report type.
 */
export const PROCESS_TYPE_OF_KEY: Readonly<Record<string, ProcessType>> = {
  loanOrigination: ProcessType.loan,
  customerOnboarding: ProcessType.customer,
  loanApplication: ProcessType.loanApplication,
};

/** The newest version of every process of the tenant, by name: the start-process drawer. */
export async function listAppDefinitions(
  engine: ProcessEngine,
  tenant: string,
): Promise<AppDefinition[]> {
  const definitions = await engine.listDefinitions(tenant);
  return definitions.map((definition) => ({
    processDefinitionId: definition.id,
    processDefinitionName: definition.name,
    category: definition.category,
    processDefinitionKey: definition.key,
    appDefinitionKey: definition.key,
    description: definition.description,
    version: definition.version,
  }));
}

/**
 * Process definitions of the tenant, newest version first within each key: only the newest
 * of each key when `latest` (the default), and only the key `appDefinitionKey` when given.
 * Served by the `(tenant, key, version)` unique index.
 */
export async function listProcessDefinitions(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  options: { latest: boolean; key: string | undefined },
): Promise<ProcessDefinitionSummary[]> {
  let query = db
    .selectFrom('process_definitions')
    .select(['id', 'key', 'name', 'description', 'category', 'version'])
    .where('tenant', '=', tenant);
  if (options.key !== undefined) query = query.where('key', '=', options.key);
  if (options.latest) query = query.distinctOn('key');
  const rows = await query.orderBy('key').orderBy('version', 'desc').execute();
  return rows.map((row) => ({
    id: row.id,
    key: row.key,
    name: row.name,
    description: row.description,
    category: row.category,
    version: row.version,
    // Each deployment holds one definition, so the definition id names the deployment.
    deploymentId: row.id,
    startFormDefined: false,
  }));
}

/**
 * Starts an instance of a definition of the actor's tenant (404 for another tenant's id),
 * with the body's values as its first variables and the actor as its starter.
 */
export async function startProcessInstance(
  engine: ProcessEngine,
  actor: TaskActor,
  body: { processDefinitionId: string; name: string; values?: Readonly<Record<string, unknown>> },
): Promise<{ id: string }> {
  const instance = await engine.startProcess(actor.tenant, {
    definitionId: body.processDefinitionId,
    name: body.name.trim(),
    startedBy: actor.userId,
    variables: toVariables(body.values ?? {}, 'body.values'),
  });
  return { id: instance.id };
}

/** The starter as the instance detail shows them; a removed user keeps their id. */
async function loadStarter(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  userId: string,
): Promise<StartedBy> {
  const account = await findAccount(db, tenant, userId);
  if (!account) {
    return {
      id: userId,
      firstName: '',
      lastName: '',
      email: '',
      fullName: userId,
      groups: [],
      privileges: [],
    };
  }
  const { tenant: _tenant, ...starter } = account;
  return starter;
}

/**
 * One instance (spec 000 section 3, "Process instance") for anyone who may see it: 404 when
 * it does not exist in the tenant, 403 when it is not theirs to see. The variables are
 * listed for holders of access-variables only.
 */
export async function loadInstanceDetail(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  instanceId: string,
): Promise<ProcessInstanceDetail> {
  await requireVisibleInstance(db, actor, instanceId);
  const instance = await engine.getInstance(actor.tenant, instanceId);
  const [startedBy, diagram] = await Promise.all([
    loadStarter(db, actor.tenant, instance.startedBy),
    db
      .selectFrom('process_definitions')
      .select(sql<boolean>`position('BPMNDiagram' in xml) > 0`.as('has_diagram'))
      .where('tenant', '=', actor.tenant)
      .where('id', '=', instance.definitionId)
      .executeTakeFirst(),
  ]);
  const showVariables = actor.privileges.includes(Privilege.accessVariables);
  return {
    id: instance.id,
    name: instance.name,
    type: PROCESS_TYPE_OF_KEY[instance.definitionKey] ?? null,
    businessKey: instance.businessKey,
    processDefinitionId: instance.definitionId,
    started: instance.startedAt.toISOString(),
    ended: instance.endedAt ? instance.endedAt.toISOString() : null,
    startedBy,
    processDefinitionName: instance.definitionName,
    processDefinitionDescription: instance.definitionDescription,
    processDefinitionKey: instance.definitionKey,
    processDefinitionCategory: instance.definitionCategory,
    processDefinitionVersion: instance.definitionVersion,
    processDefinitionDeploymentId: instance.definitionId,
    graphicalNotationDefined: diagram?.has_diagram ?? false,
    startFormDefined: false,
    variables: showVariables
      ? Object.entries(instance.variables).map(([name, value]) => ({ name, value }))
      : [],
    status: instance.status,
  };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The variables of an instance the actor may see: its record link (`metaData`) for
 * everyone, all process variables for holders of access-variables only, and the saved
 * values of one of its tasks when `taskId` names one (404 for a task of another instance).
 */
export async function loadVariables(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  instanceId: string,
  taskId: string | undefined,
): Promise<VariablesAnswer> {
  await requireVisibleInstance(db, actor, instanceId);
  const variables = await engine.getVariables(actor.tenant, instanceId);
  let taskVariables: Record<string, unknown> = {};
  if (taskId !== undefined) {
    const task = await db
      .selectFrom('tasks')
      .select('variables')
      .where('tenant', '=', actor.tenant)
      .where('instance_id', '=', instanceId)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (!task) throw new AppError(404, ErrorCode.notFound, 'The instance has no such task.');
    taskVariables = task.variables;
  }
  const included = actor.privileges.includes(Privilege.accessVariables);
  const metaData = variables.metaData;
  return {
    processVariables: included ? variables : {},
    processVariablesIncluded: included,
    taskVariables,
    metaData: isPlainObject(metaData) ? metaData : {},
  };
}
