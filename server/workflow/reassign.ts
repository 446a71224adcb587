import { sql, type Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import {
  BulkReassignFailureCode,
  ReassignableTo,
  type BulkReassignAnswer,
  type ReassignInfo,
} from '../../schemas/api/tasks';
import type { UserSummary } from '../../schemas/api/users';
import type { DatabaseSchema } from '../db/schema';
import { claimTaskIds, EngineError, type ProcessEngine } from '../engine';
import { AppError } from '../errors';
import { requireVisibleTask, visibleInstanceIds, type StoredTask } from './taskAccess';
import type { TaskActor } from './taskActor';

/**
 * Whether the actor may reassign a task, and where the picker's users come from. An open,
 * assigned task may be reassigned by its assignee and by the assignee's supervisor
 * (`users.manager_id`); group mates see each other's tasks in the team list but may not
 * move them. A task with candidates goes to the people who could have claimed it (the
 * claim rule of `claimTaskIds`, the initiator included where the task allows it), or to
 * the reassigner's own team (`REASSIGNABLE_USERS`); a task without any (assigned straight
 * from the process, such as the initiator's application form) may go to anyone with
 * access-task (`ALL_USERS`).
 */
export async function reassignInfo(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  task: StoredTask,
): Promise<ReassignInfo> {
  const [supervises, candidates] = await Promise.all([
    task.assignee !== null && task.assignee !== actor.userId
      ? db
          .selectFrom('users')
          .select('id')
          .where('tenant', '=', actor.tenant)
          .where('id', '=', task.assignee)
          .where('manager_id', '=', actor.userId)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    db
      .selectFrom('task_candidates')
      .select('task_id')
      .where('tenant', '=', actor.tenant)
      .where('task_id', '=', task.id)
      .limit(1)
      .executeTakeFirst(),
  ]);
  const mayMove = task.assignee === actor.userId || supervises !== undefined;
  return {
    canBeReassigned: task.state === 'open' && task.assignee !== null && mayMove,
    reassignableTo: candidates ? ReassignableTo.reassignableUsers : ReassignableTo.allUsers,
  };
}

/**
 * The users a task may be reassigned to by the actor (see {@link reassignInfo}), without
 * its current assignee, by name. Empty when the actor may not reassign it.
 */
export async function reassignableUsers(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  task: StoredTask,
): Promise<UserSummary[]> {
  const info = await reassignInfo(db, actor, task);
  if (!info.canBeReassigned) return [];
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('u.tenant', '=', actor.tenant)
    .where(sql<boolean>`${Privilege.accessTask} = any(u.privileges)`);
  if (task.assignee !== null) query = query.where('u.id', '<>', task.assignee);
  if (info.reassignableTo === ReassignableTo.reassignableUsers) {
    query = query.where((eb) =>
      eb.or([
        eb('u.id', '=', actor.userId),
        eb('u.manager_id', '=', actor.userId),
        eb.exists(claimTaskIds({ tenant: actor.tenant, user: eb.ref('u.id'), task: task.id })),
      ]),
    );
  }
  const rows = await query.orderBy('u.first_name').orderBy('u.last_name').orderBy('u.id').execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
  }));
}

/**
 * The users a selection of tasks may be reassigned to: everyone at least one of the tasks
 * may go to by {@link reassignableUsers}, the rule of a single reassign, by name. Tasks the
 * actor may not see or move add nobody; the bulk answer then says why each of the others
 * did not move. With one task this is exactly the single reassign's list.
 */
export async function bulkReassignableUsers(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<UserSummary[]> {
  const tasks = await db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant', '=', actor.tenant)
    .where('id', 'in', [...new Set(taskIds)])
    .execute();
  const visible = await visibleInstanceIds(
    db,
    actor,
    tasks.map((task) => task.instance_id),
  );
  const byId = new Map<string, UserSummary>();
  for (const task of tasks) {
    if (!visible.has(task.instance_id)) continue;
    for (const user of await reassignableUsers(db, actor, task)) byId.set(user.id, user);
  }
  return [...byId.values()].sort(
    (a, b) =>
      compareText(a.firstName, b.firstName) ||
      compareText(a.lastName, b.lastName) ||
      compareText(a.id, b.id),
  );
}

/** Orders like the database's name ordering of the single list (plain code-point order). */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One reassignment as the caller asked for it. */
export interface ReassignRequest {
  readonly taskId: string;
  /** The assignee the caller saw; a different one means someone moved it meanwhile (409). */
  readonly fromUser: string;
  readonly toUser: string;
  /** When given, the task must belong to this instance (400). */
  readonly processInstanceId?: string;
  /** Trimmed and checked already; may be empty. */
  readonly comment: string;
}

const refused = (code: string, path: string, message: string) =>
  new AppError(400, ErrorCode.validation, message, { details: [{ path, code }] });

/**
 * Moves one task to another user through the engine, with its reassignment comment in the
 * same transaction. 404 / 403 when the task is not there or not visible, 403 when the
 * actor may not reassign it, 409 when its assignee is no longer `fromUser`, 400 when the
 * target is not one of {@link reassignableUsers}.
 */
export async function reassignTask(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  request: ReassignRequest,
): Promise<{ assignee: string; assigneeName: string }> {
  const task = await requireVisibleTask(db, actor, request.taskId);
  if (request.processInstanceId !== undefined && request.processInstanceId !== task.instance_id) {
    throw refused(
      'mismatch',
      'body.processInstanceId',
      'The task belongs to another process instance.',
    );
  }
  const info = await reassignInfo(db, actor, task);
  if (!info.canBeReassigned) {
    throw new AppError(403, ErrorCode.forbidden, 'You may not reassign this task.');
  }
  if (task.assignee !== request.fromUser) {
    throw new AppError(409, ErrorCode.conflict, 'The task was reassigned meanwhile; reload it.');
  }
  const target = (await reassignableUsers(db, actor, task)).find(
    (user) => user.id === request.toUser,
  );
  if (!target) {
    throw refused('notReassignable', 'body.toUser', 'The task cannot be reassigned to this user.');
  }
  await engine.assignTask(actor.tenant, task.id, {
    assignee: target.id,
    actor: actor.userId,
    expectedAssignee: request.fromUser,
    comment: request.comment,
  });
  return { assignee: target.id, assigneeName: target.fullName };
}

/** The failure code of one task of a bulk reassignment, from the error it raised. */
function failureCode(error: unknown): BulkReassignFailureCode | undefined {
  const status =
    error instanceof AppError || error instanceof EngineError ? error.statusCode : undefined;
  switch (status) {
    case 404:
      return BulkReassignFailureCode.notFound;
    case 403:
      return BulkReassignFailureCode.notAllowed;
    case 409:
      return BulkReassignFailureCode.changed;
    case 400:
      return BulkReassignFailureCode.userNotAllowed;
    default:
      return undefined;
  }
}

/**
 * Reassigns each task on its own (each in its own transaction, with an empty reassignment
 * comment), so one stale or forbidden task does not hold back the others; the answer
 * counts the ones moved and lists each of the others with why (already with that person,
 * changed meanwhile, not allowed, not found, not a possible assignee).
 */
export async function bulkReassign(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  input: { taskDetails: readonly { fromUserId: string; taskId: string }[]; toUserId: string },
): Promise<BulkReassignAnswer['result']> {
  const failures: BulkReassignAnswer['result']['failures'] = [];
  let moved = 0;
  for (const detail of input.taskDetails) {
    try {
      // A task already with the chosen person is not a failure to move it: it is said as
      // such, whoever it was with when the caller looked.
      const task = await requireVisibleTask(db, actor, detail.taskId);
      if (task.state === 'open' && task.assignee === input.toUserId) {
        failures.push({ taskId: detail.taskId, code: BulkReassignFailureCode.alreadyAssigned });
        continue;
      }
      await reassignTask(db, engine, actor, {
        taskId: detail.taskId,
        fromUser: detail.fromUserId,
        toUser: input.toUserId,
        comment: '',
      });
      moved += 1;
    } catch (error) {
      const code = failureCode(error);
      if (code === undefined) throw error;
      failures.push({ taskId: detail.taskId, code });
    }
  }
  return {
    failedTaskIds: failures.map((failure) => failure.taskId),
    noOfTasksReassigned: moved,
    failures,
  };
}
