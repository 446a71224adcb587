import type { Kysely, Selectable } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type { DatabaseSchema } from '../db/schema';
import { claimTaskIds } from '../engine';
import { AppError } from '../errors';
import { loadTeam, readsEveryInstance, type TaskActor } from './taskActor';

/** A task row as stored by the engine. */
export type StoredTask = Selectable<DatabaseSchema['tasks']>;

/**
 * The process instances among `instanceIds` (all of the actor's tenant) that the actor may
 * see. One rule serves the task page, the instance page, comments and variables: an
 * instance is visible to whoever started it, to whoever one of its tasks is (or was)
 * assigned to or completed by, the actor or a team member, to its tasks' candidates, and
 * to back-office staff (access-bo), who read every instance for the reports.
 */
export async function visibleInstanceIds(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceIds: readonly string[],
): Promise<Set<string>> {
  if (instanceIds.length === 0) return new Set();
  const ids = [...new Set(instanceIds)];
  let query = db
    .selectFrom('process_instances as i')
    .select('i.id')
    .where('i.tenant', '=', actor.tenant)
    .where('i.id', 'in', ids);
  if (!readsEveryInstance(actor)) {
    const viewers = [actor.userId, ...(await loadTeam(db, actor))];
    query = query.where((eb) =>
      eb.or([
        eb('i.started_by', '=', actor.userId),
        eb.exists(
          eb
            .selectFrom('tasks as t')
            .select('t.id')
            .whereRef('t.tenant', '=', 'i.tenant')
            .whereRef('t.instance_id', '=', 'i.id')
            .where((inner) =>
              inner.or([
                inner('t.assignee', 'in', viewers),
                inner('t.completed_by', 'in', viewers),
              ]),
            ),
        ),
        // Whoever may claim one of its tasks (the claim rule's grounds) sees the case.
        eb.exists(
          eb
            .selectFrom('tasks as t')
            .select('t.id')
            .whereRef('t.tenant', '=', 'i.tenant')
            .whereRef('t.instance_id', '=', 'i.id')
            .where((inner) =>
              inner.exists(
                claimTaskIds({ tenant: actor.tenant, user: actor.userId, task: inner.ref('t.id') }),
              ),
            ),
        ),
      ]),
    );
  }
  const rows = await query.execute();
  return new Set(rows.map((row) => row.id));
}

/** 404 unless the instance exists in the actor's tenant; 403 unless the actor may see it. */
export async function requireVisibleInstance(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceId: string,
): Promise<void> {
  const exists = await db
    .selectFrom('process_instances')
    .select('id')
    .where('tenant', '=', actor.tenant)
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!exists) throw new AppError(404, ErrorCode.notFound, 'There is no such process instance.');
  if (!(await visibleInstanceIds(db, actor, [instanceId])).has(instanceId)) {
    throw new AppError(403, ErrorCode.forbidden, 'This process instance is not yours to see.');
  }
}

/**
 * The stored task, if it exists in the actor's tenant (404 otherwise) and its instance is
 * visible to the actor (403 otherwise). Another tenant's id is simply not found.
 */
export async function requireVisibleTask(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<StoredTask> {
  const task = await findTask(db, actor.tenant, taskId);
  if (!task) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  if (!(await visibleInstanceIds(db, actor, [task.instance_id])).has(task.instance_id)) {
    throw new AppError(403, ErrorCode.forbidden, 'This task is not yours to see.');
  }
  return task;
}

/** The stored task of a tenant, if any. */
export async function findTask(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  taskId: string,
): Promise<StoredTask | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', taskId)
    .executeTakeFirst();
}
