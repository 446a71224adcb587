import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { taskStatusOf } from '../../schemas/api/tasksConstants';
import type {
  CompleteTaskAnswer,
  InstanceTask,
  TaskDetail,
  TaskRow,
} from '../../schemas/api/tasks';
import type { DatabaseSchema } from '../db/schema';
import { EngineError, type JsonValue, type ProcessEngine, type Variables } from '../engine';
import { pickDisplayName } from '../engine/displayNames';
import { AppError } from '../errors';
import {
  authorizeTask,
  findTask,
  instanceTaskPermissions,
  loadTaskFacts,
  permissionsOf,
  refusalsOf,
  requireVisibleInstance,
  requireVisibleTask,
  TaskAction,
  type StoredTask,
} from '../policies/taskPolicy';
import type { TaskActor } from '../policies/taskActor';
import { markTaskNotificationsRead } from './notifications';
import { loadTaskRows } from './taskRows';

/** Whether a parsed JSON body value is a JSON value (it always is; this proves it to the compiler). */
function isJsonValue(value: unknown): value is JsonValue {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isJsonValue);
  if (typeof value === 'object') return Object.values(value).every(isJsonValue);
  return false;
}

/** Values from a request body as process variables; 400 for anything JSON cannot hold. */
export function toVariables(values: Readonly<Record<string, unknown>>, path: string): Variables {
  const variables: Variables = {};
  for (const [name, value] of Object.entries(values)) {
    if (!isJsonValue(value)) {
      throw new AppError(400, ErrorCode.validation, `${name} is not a JSON value.`, {
        details: [{ path: `${path}.${name}`, code: 'type' }],
      });
    }
    variables[name] = value;
  }
  return variables;
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** One task as a list row, for anyone who may see it (404 / 403 otherwise). */
export async function loadTaskRow(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<TaskRow> {
  await requireVisibleTask(db, actor, taskId);
  const [row] = await loadTaskRows(db, actor, [taskId]);
  if (!row) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  return row;
}

/** The task page's facts about one task (see `TaskDetail`), for anyone who may see it. */
export async function loadTaskDetail(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<TaskDetail> {
  const task = await requireVisibleTask(db, actor, taskId);
  const [[row], facts, context] = await Promise.all([
    loadTaskRows(db, actor, [task.id]),
    loadTaskFacts(db, actor, task.id),
    db
      .selectFrom('process_instances as i')
      .innerJoin('process_definitions as pd', (join) =>
        join.onRef('pd.tenant', '=', 'i.tenant').onRef('pd.id', '=', 'i.definition_id'),
      )
      .leftJoin('users as u', (join) =>
        join.on('u.tenant', '=', actor.tenant).on('u.id', '=', task.assignee),
      )
      .select([
        'i.name as instance_name',
        'i.display_names as instance_display_names',
        'i.started_by',
        'pd.id as definition_id',
        'pd.key as definition_key',
        'pd.name as definition_name',
        'pd.category',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
        'u.email',
      ])
      .where('i.tenant', '=', actor.tenant)
      .where('i.id', '=', task.instance_id)
      .executeTakeFirstOrThrow(),
  ]);
  if (!row || !facts) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  const open = task.state === 'open';
  const permissions = permissionsOf(facts, actor);
  const assignee =
    context.user_id !== null
      ? {
          id: context.user_id,
          firstName: context.first_name ?? '',
          lastName: context.last_name ?? '',
          fullName: `${context.first_name ?? ''} ${context.last_name ?? ''}`.trim(),
          email: context.email ?? '',
        }
      : null;
  return {
    id: task.id,
    taskId: task.id,
    // Both in the reader's language, as every list shows them.
    name: row.taskName,
    description:
      task.description === null
        ? null
        : pickDisplayName(task.display_descriptions, task.description, actor.language),
    processInstanceId: task.instance_id,
    processInstanceName: pickDisplayName(
      context.instance_display_names,
      context.instance_name,
      actor.language,
    ),
    processDefinitionId: context.definition_id,
    processDefinitionKey: context.definition_key,
    processDefinitionName: context.definition_name,
    processDefinitionCategory: context.category,
    processInstanceStartUserId: context.started_by,
    formKey: task.form_key,
    created: task.created_at.toISOString(),
    dueDate: iso(task.due_date),
    endDate: iso(task.completed_at),
    priority: task.priority,
    taskStatus: taskStatusOf(task.state),
    outcome: task.outcome,
    assignee,
    assigneeName: assignee?.fullName ?? null,
    candidates: row.candidates,
    memberOfCandidateGroup: row.memberOfCandidateGroup,
    memberOfCandidateUsers: row.memberOfCandidateUsers,
    initiatorCanCompleteTask: task.initiator_can_complete,
    isNew: open && task.assignee !== null && !task.seen_by_assignee,
    taskVariables: task.variables,
    permissions: {
      canComplete: permissions.canComplete,
      canClaim: permissions.canClaim,
      canBeReassigned: permissions.canBeReassigned,
    },
    refusals: refusalsOf(facts, actor),
  };
}

/** The open (default) or completed tasks of an instance the actor may see, oldest first. */
export async function listInstanceTasks(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceId: string,
  state: 'open' | 'completed',
): Promise<InstanceTask[]> {
  await requireVisibleInstance(db, actor, instanceId);
  const rows = await db
    .selectFrom('tasks as t')
    .leftJoin('users as u', (join) =>
      join.onRef('u.tenant', '=', 't.tenant').onRef('u.id', '=', 't.assignee'),
    )
    .select([
      't.id',
      't.name',
      't.display_names',
      't.instance_id',
      't.form_key',
      't.assignee',
      't.created_at',
      't.due_date',
      't.completed_at',
      't.outcome',
      't.state',
      'u.first_name',
      'u.last_name',
    ])
    .where('t.tenant', '=', actor.tenant)
    .where('t.instance_id', '=', instanceId)
    .where('t.state', '=', state)
    .orderBy('t.created_at')
    .orderBy('t.id')
    .execute();
  const permissions = await instanceTaskPermissions(
    db,
    actor,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: pickDisplayName(row.display_names, row.name, actor.language),
    processInstanceId: row.instance_id,
    formKey: row.form_key,
    assignee: row.assignee,
    assigneeName:
      row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
    created: row.created_at.toISOString(),
    dueDate: iso(row.due_date),
    endDate: iso(row.completed_at),
    outcome: row.outcome,
    taskStatus: taskStatusOf(row.state),
    permissions: permissions.get(row.id) ?? { canClaim: false, canComplete: false },
  }));
}

/**
 * Claims a candidate task through the engine: of many concurrent claims one wins, the
 * others get 409 TASK_ALREADY_CLAIMED (a completed task stays a plain CONFLICT); a user who
 * is not a candidate gets 403, one the task's process excludes 403 SEGREGATION_OF_DUTIES
 * (the task policy); another tenant's id is a 404. Someone who may not see the case is
 * refused (403) before the policy's answer, which would tell them whether anyone holds it.
 */
export async function claimTask(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  taskId: string,
): Promise<TaskRow> {
  await requireVisibleTask(db, actor, taskId);
  await authorizeTask(db, actor, taskId, TaskAction.claim);
  try {
    await engine.claimTask(actor.tenant, taskId, actor.userId);
  } catch (error) {
    if (!(error instanceof EngineError) || error.statusCode !== 409) throw error;
    // A lost race reads as such, so the loser is told someone was quicker, not that the
    // claim was refused for their rights.
    const task = await findTask(db, actor.tenant, taskId);
    if (task?.state === 'open' && task.assignee !== null && task.assignee !== actor.userId) {
      throw new AppError(
        409,
        ErrorCode.taskAlreadyClaimed,
        'Someone else claimed this task first.',
      );
    }
    throw error;
  }
  const [row] = await loadTaskRows(db, actor, [taskId]);
  if (!row) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  return row;
}

/** What a task completion submits: the outcome button, the form's values and its part. */
export interface TaskSubmission {
  readonly outcome: string | undefined;
  readonly values: Readonly<Record<string, unknown>>;
  /** The part of a combined task that submits; its submitting part by default. */
  readonly formId?: string | undefined;
}

/**
 * The check of a completion against the task's form: answers the values to complete with,
 * or throws the 422 listing every problem. The forms area supplies it (the app wires it).
 */
export type CompletionCheck = (
  db: Kysely<DatabaseSchema>,
  task: StoredTask,
  submission: TaskSubmission,
) => Promise<Readonly<Record<string, unknown>>>;

/**
 * Completes one's own task: `check` tests the submission against the form (422 with the
 * problems) and answers the values to keep, then the engine stores them and moves the
 * process on. Only the assignee may complete (403), and not when the task's process
 * excludes them (403 SEGREGATION_OF_DUTIES): the task policy.
 */
export async function completeTask(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  taskId: string,
  body: { outcome?: string; formId?: string; values: Readonly<Record<string, unknown>> },
  check: CompletionCheck,
): Promise<CompleteTaskAnswer['result']> {
  // Someone who may not see the case is refused (403) before the policy's answer, which
  // would tell them whether the task is still open (409 once completed).
  await requireVisibleTask(db, actor, taskId);
  const task = await authorizeTask(db, actor, taskId, TaskAction.complete);
  const values = await check(db, task, {
    outcome: body.outcome,
    values: body.values,
    formId: body.formId,
  });
  const variables = toVariables(values, 'body.values');
  const { instance } = await engine.completeTask(actor.tenant, taskId, {
    userId: actor.userId,
    variables,
    ...(body.outcome === undefined ? {} : { outcome: body.outcome }),
  });
  return { taskId, processInstanceId: instance.id, processStatus: instance.status };
}

/**
 * The assignee opened the task: its 'new' marker goes and their notifications about it are
 * read. Anyone else who may see the task gets the current state back, unchanged.
 */
export async function markTaskStarted(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  taskId: string,
): Promise<{ taskId: string; isNew: boolean }> {
  const task = await requireVisibleTask(db, actor, taskId);
  if (task.assignee === actor.userId) {
    await engine.markTaskSeen(actor.tenant, taskId, actor.userId);
    await markTaskNotificationsRead(db, actor, taskId);
    return { taskId, isNew: false };
  }
  return {
    taskId,
    isNew: task.state === 'open' && task.assignee !== null && !task.seen_by_assignee,
  };
}
