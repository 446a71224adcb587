import { Type, type Static } from '@sinclair/typebox';
import type { Kysely } from 'kysely';
import { ReassignableTo, TaskPath } from '../../../schemas/api/tasksConstants';
import type { DatabaseSchema } from '../../db/schema';
import type { TaskActor } from '../../policies/taskActor';
import { reassignInfo, visibleInstanceIds } from '../../policies/taskPolicy';

/**
 * POST: the reassign capability of a page of team rows at once (spec 000 section 3,
 * "Reassign capability"), so the team table can disable the reassign icon of rows the caller
 * may not move (section 6) without one call per row.
 */
export const REASSIGN_CAPABILITIES_PATH = TaskPath.reassignCapabilities;

/** At most this many task ids per call: the largest dashboard page. */
export const REASSIGN_CAPABILITIES_LIMIT = 200;

/** The body: the task ids of the rows shown. */
export const ReassignCapabilitiesBody = Type.Object(
  {
    taskIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: REASSIGN_CAPABILITIES_LIMIT,
    }),
  },
  { additionalProperties: false },
);
export type ReassignCapabilitiesBody = Static<typeof ReassignCapabilitiesBody>;

/** One row's capability. */
export const ReassignCapability = Type.Object({
  taskId: Type.String(),
  canBeReassigned: Type.Boolean(),
  reassignableTo: Type.Union(Object.values(ReassignableTo).map((value) => Type.Literal(value))),
});
export type ReassignCapability = Static<typeof ReassignCapability>;

/**
 * The answer, in the order of the request. A task the caller may not see (or of another
 * tenant, or unknown) answers as one that cannot be reassigned, so the call tells nothing
 * about tasks beyond the caller's reach.
 */
export const ReassignCapabilitiesAnswer = Type.Object({ result: Type.Array(ReassignCapability) });
export type ReassignCapabilitiesAnswer = Static<typeof ReassignCapabilitiesAnswer>;

/** Works out {@link ReassignCapabilitiesAnswer} by the task policy, the single reassign's rule. */
export async function reassignCapabilities(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<ReassignCapabilitiesAnswer> {
  const unique = [...new Set(taskIds)];
  const tasks = await db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant', '=', actor.tenant)
    .where('id', 'in', unique)
    .execute();
  const visible = await visibleInstanceIds(
    db,
    actor,
    tasks.map((task) => task.instance_id),
  );
  const byId = new Map<string, ReassignCapability>();
  for (const task of tasks) {
    if (!visible.has(task.instance_id)) continue;
    byId.set(task.id, { taskId: task.id, ...(await reassignInfo(db, actor, task)) });
  }
  return {
    result: taskIds.map(
      (taskId) =>
        byId.get(taskId) ?? {
          taskId,
          canBeReassigned: false,
          reassignableTo: ReassignableTo.allUsers,
        },
    ),
  };
}
