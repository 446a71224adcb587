import { expressionBuilder, sql, type ExpressionWrapper, type Kysely, type SqlBool } from 'kysely';
import { isFileValue } from '../../plugins/upload/fileValue';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import {
  ProcessType,
  WITHDRAW_REASON_MAX,
  type AppDefinition,
  type InstanceWithdrawal,
  type ProcessDefinitionSummary,
  type ProcessInstanceDetail,
  type StartedBy,
  type VariablesAnswer,
  type WithdrawInstanceAnswer,
} from '../../schemas/api/processes';
import type { DatabaseSchema } from '../db/schema';
import { findAccount } from '../identity/accounts';
import { ProcessEngine, type ValueOrRef } from '../engine';
import { pickDisplayName } from '../engine/displayNames';
import { AppError } from '../errors';
import {
  authorizeInstance,
  InstanceAction,
  instancePermissionsOf,
  loadInstanceFacts,
} from '../policies/instancePolicy';
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
  // The newest version a start takes: retired versions are left out of the latest ones.
  if (options.latest) query = query.where('retired_at', 'is', null).distinctOn('key');
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
 * Refuses a start value shaped as an uploaded file: files are uploaded to a task, so a new
 * instance holds none, and such a value could only name another case's file (or make one up)
 * for a later form to take as already held.
 */
export function refuseFileValues(values: Readonly<Record<string, unknown>>): void {
  for (const [name, value] of Object.entries(values)) {
    if (!isFileValue(value)) continue;
    throw new AppError(400, ErrorCode.validation, `${name} names a file this case does not hold.`, {
      details: [{ path: `body.values.${name}`, code: 'validation.file.notOwned' }],
    });
  }
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
  refuseFileValues(body.values ?? {});
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
  const [startedBy, diagram, withdrawal, facts] = await Promise.all([
    loadStarter(db, actor.tenant, instance.startedBy),
    db
      .selectFrom('process_definitions')
      .select(sql<boolean>`position('BPMNDiagram' in xml) > 0`.as('has_diagram'))
      .where('tenant', '=', actor.tenant)
      .where('id', '=', instance.definitionId)
      .executeTakeFirst(),
    loadWithdrawal(db, actor.tenant, instanceId),
    loadInstanceFacts(db, actor, instanceId),
  ]);
  const showVariables = actor.privileges.includes(Privilege.accessVariables);
  return {
    id: instance.id,
    name: pickDisplayName(instance.displayNames, instance.name, actor.language),
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
    status: withdrawal ? 'Withdrawn' : instance.status,
    withdrawal,
    permissions: facts ? instancePermissionsOf(facts, actor) : { canWithdraw: false },
  };
}

/**
 * Whether an instance (an id, or a column of the surrounding query such as `i.id`) was
 * withdrawn: its history holds the withdrawal (by `process_history_instance_idx`). The
 * completed-instance reports leave such instances out.
 */
export function withdrawnInstance(
  tenant: string,
  instanceId: ValueOrRef,
): ExpressionWrapper<DatabaseSchema, never, SqlBool> {
  const eb = expressionBuilder<DatabaseSchema, never>();
  return eb.exists(
    eb
      .selectFrom('process_history as h')
      .select('h.id')
      .where('h.tenant', '=', tenant)
      .where('h.instance_id', '=', instanceId)
      .where('h.event', '=', ProcessEngine.withdrawnEvent),
  );
}

/** Who withdrew an instance, when and why; null when nobody did. */
async function loadWithdrawal(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  instanceId: string,
): Promise<InstanceWithdrawal | null> {
  const row = await db
    .selectFrom('process_history as h')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenant', '=', 'h.tenant').onRef('u.id', '=', 'h.actor'),
    )
    .select(['h.actor', 'h.at', 'h.payload', 'u.first_name', 'u.last_name'])
    .where('h.tenant', '=', tenant)
    .where('h.instance_id', '=', instanceId)
    .where('h.event', '=', ProcessEngine.withdrawnEvent)
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (row === undefined) return null;
  const actor = row.actor ?? '';
  const reason = row.payload.reason;
  return {
    // A removed user keeps their id.
    by: {
      id: actor,
      fullName: row.first_name === null ? actor : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    },
    at: row.at.toISOString(),
    reason: typeof reason === 'string' ? reason : '',
  };
}

/** A withdrawal's reason trimmed: 1 to {@link WITHDRAW_REASON_MAX} characters, else a 400. */
export function cleanWithdrawReason(reason: string, path: string): string {
  const trimmed = reason.trim();
  if (trimmed === '') {
    throw new AppError(400, ErrorCode.validation, 'A withdrawal needs a reason.', {
      details: [{ path, code: 'required' }],
    });
  }
  if ([...trimmed].length > WITHDRAW_REASON_MAX) {
    throw new AppError(
      400,
      ErrorCode.validation,
      `A reason has at most ${WITHDRAW_REASON_MAX} characters.`,
      { details: [{ path, code: 'maxLength', params: { limit: WITHDRAW_REASON_MAX } }] },
    );
  }
  return trimmed;
}

/**
 * Withdraws an instance of the actor's tenant (404 for another tenant's id) if the instance
 * policy lets them: asked before the change, and again inside it under the instance's lock,
 * so a colleague's claim that lands in between is seen. The engine ends it as a terminate
 * end event would: its open tasks leave every list, its timers and waits go.
 */
export async function withdrawInstance(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  instanceId: string,
  reason: string,
): Promise<WithdrawInstanceAnswer> {
  await authorizeInstance(db, actor, instanceId, InstanceAction.withdraw);
  const ended = await engine.cancelInstance(actor.tenant, instanceId, {
    userId: actor.userId,
    reason,
    check: async (trx) => {
      await authorizeInstance(trx, actor, instanceId, InstanceAction.withdraw);
    },
  });
  const withdrawal = await loadWithdrawal(db, actor.tenant, instanceId);
  // The engine ended it and wrote the withdrawal in the same transaction.
  if (withdrawal === null || ended.endedAt === null) {
    throw new Error(`Process instance ${instanceId} was withdrawn but did not end.`);
  }
  return { id: ended.id, status: 'Withdrawn', ended: ended.endedAt.toISOString(), withdrawal };
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
