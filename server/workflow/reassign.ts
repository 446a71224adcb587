import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { BulkReassignFailureCode, type BulkReassignAnswer } from '../../schemas/api/tasks';
import type { DatabaseSchema } from '../db/schema';
import { EngineError, type ProcessEngine } from '../engine';
import { AppError } from '../errors';
import {
  authorizeTask,
  requireAssignee,
  requireVisibleTask,
  TaskAction,
} from '../policies/taskPolicy';
import type { TaskActor } from '../policies/taskActor';

// Who may reassign and to whom is the task policy's; the pickers' areas import it from here.
export { bulkReassignableUsers, reassignableUsers, reassignInfo } from '../policies/taskPolicy';

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

/**
 * Moves one task to another user through the engine, with its reassignment comment in the
 * same transaction. 404 / 403 when the task is not there or not visible, 403 when the
 * actor may not reassign it (the task policy), 409 when its assignee is no longer
 * `fromUser`, 403 `SEGREGATION_OF_DUTIES` when the task's process excludes the target, 400
 * when the target is otherwise not one the task may go to.
 */
export async function reassignTask(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  request: ReassignRequest,
): Promise<{ assignee: string; assigneeName: string }> {
  const visible = await requireVisibleTask(db, actor, request.taskId);
  if (
    request.processInstanceId !== undefined &&
    request.processInstanceId !== visible.instance_id
  ) {
    throw new AppError(400, ErrorCode.validation, 'The task belongs to another process instance.', {
      details: [{ path: 'body.processInstanceId', code: 'mismatch' }],
    });
  }
  const task = await authorizeTask(db, actor, visible.id, TaskAction.reassign);
  if (task.assignee !== request.fromUser) {
    throw new AppError(409, ErrorCode.conflict, 'The task was reassigned meanwhile; reload it.');
  }
  const target = await requireAssignee(db, actor, task, request.toUser, 'body.toUser');
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
  if (error instanceof AppError && error.code === ErrorCode.segregationOfDuties) {
    return BulkReassignFailureCode.segregationOfDuties;
  }
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
