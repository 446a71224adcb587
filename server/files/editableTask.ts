import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { requireVisibleTask, type StoredTask } from '../workflow/taskAccess';
import type { TaskActor } from '../workflow/taskActor';

/**
 * The task whose form the actor is filling in: it must exist in the actor's tenant (404),
 * be visible to them (403), be open (409) and be theirs (403), the rule of a draft save.
 * Uploading a file, replacing or removing one, and pressing a webhook button all change
 * what the form holds or does, so they follow it; reading a file needs only sight of the
 * task, also once it is completed.
 */
export async function requireEditableTask(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<StoredTask> {
  const task = await requireVisibleTask(db, actor, taskId);
  if (task.state !== 'open') {
    throw new AppError(409, ErrorCode.conflict, 'The task is already completed.');
  }
  if (task.assignee !== actor.userId) {
    throw new AppError(403, ErrorCode.forbidden, 'Only the assignee may change this task.');
  }
  return task;
}
