import { ProcessEngine } from '../engine';
import { definePlugin } from '../fastify/definePlugin';
import { subscribeLiveChanges } from '../live/liveTaskListeners';
import { guardTaskPolicy } from '../policies/taskPolicy';
import { insertReassignmentComment } from './comments';
import { notifyAssigned, notifyCandidates, retireNotifications } from './notifications';

declare module 'fastify' {
  interface FastifyInstance {
    /** The workflow engine over this app's database. */
    engine: ProcessEngine;
  }
}

/**
 * Subscribes the tasks area to an engine's events, inside each change's transaction: first
 * the task policy's guard (segregation of duties: a claim, assignment or completion by a
 * person the task excludes is rolled back); then notifications for a new task's assignee
 * or candidates; on a claim or reassignment the stale notifications retire, the new
 * assignee is told (unless they did it themselves) and a reassignment leaves its comment;
 * a completed task's notifications retire; every change is logged for the live inbox.
 * Returns the unsubscribe function.
 */
export function subscribeTaskListeners(engine: ProcessEngine): () => void {
  const unsubscribers = [
    guardTaskPolicy(engine),
    engine.onTaskCreated(async ({ tenant, db, at, task, candidates }) => {
      const target = { tenant, taskId: task.id, at };
      if (task.assignee !== null) await notifyAssigned(db, target, task.assignee);
      else await notifyCandidates(db, target, candidates);
    }),
    engine.onTaskAssigned(async (event) => {
      const { tenant, db, at, task, previousAssignee, actor, reason, comment } = event;
      const target = { tenant, taskId: task.id, at };
      await retireNotifications(db, target, {
        kinds: ['assigned', 'candidate'],
        keepAssignee: task.assignee,
      });
      if (task.assignee !== null && task.assignee !== actor) {
        await notifyAssigned(db, target, task.assignee);
      }
      if (task.assignee === null) {
        // Back in the pool: it is a candidate task of its candidates again.
        const rows = await db
          .selectFrom('task_candidates')
          .select(['kind', 'principal'])
          .where('tenant', '=', tenant)
          .where('task_id', '=', task.id)
          .execute();
        await notifyCandidates(db, target, {
          users: rows.filter((row) => row.kind === 'user').map((row) => row.principal),
          groups: rows.filter((row) => row.kind === 'group').map((row) => row.principal),
        });
      }
      // A reassignment made with a comment keeps it, in the same transaction as the move.
      if (reason === 'assign' && comment !== undefined && task.assignee !== null) {
        await insertReassignmentComment(db, {
          tenant,
          instanceId: task.instanceId,
          taskId: task.id,
          taskName: task.name,
          actor,
          from: previousAssignee,
          to: task.assignee,
          comment,
          at,
        });
      }
    }),
    engine.onTaskCompleted(async ({ tenant, db, at, task }) => {
      await retireNotifications(
        db,
        { tenant, taskId: task.id, at },
        { kinds: ['assigned', 'candidate'] },
      );
    }),
    subscribeLiveChanges(engine),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}

/**
 * Gives the app its workflow engine (`app.engine`) and subscribes the tasks area to it.
 * A feature that registered the engine first keeps its instance; the listeners go on it.
 */
export const taskEnginePlugin = definePlugin(
  'tessera-task-engine',
  async (app) => {
    if (!app.hasDecorator('engine')) app.decorate('engine', new ProcessEngine(app.database.db));
    const unsubscribe = subscribeTaskListeners(app.engine);
    app.addHook('onClose', async () => unsubscribe());
  },
  ['tessera-database'],
);
