import { LiveTaskChange } from '../../schemas/api/liveConstants';
import type { ProcessEngine } from '../engine';
import { recordLiveChange, taskRecipients } from './liveEvents';

/**
 * Logs every task change the engine reports for the live inbox, inside the change's own
 * transaction: a new task, a claim, release or reassignment, a completion, a cancellation
 * (a deadline, a message, a withdrawn case, a terminate end) and a moved due date. Each goes
 * to the previous and the new assignee and to the task's candidate users and groups.
 * Answers the unsubscribe function.
 */
export function subscribeLiveChanges(engine: ProcessEngine): () => void {
  const unsubscribers = [
    engine.onTaskCreated(({ tenant, db, at, task, candidates }) =>
      recordLiveChange(db, {
        tenant,
        taskId: task.id,
        change: LiveTaskChange.created,
        assignee: task.assignee,
        previousAssignee: null,
        actor: null,
        at,
        candidates,
      }),
    ),
    engine.onTaskAssigned(async ({ tenant, db, at, task, previousAssignee, actor }) => {
      const { candidates } = await taskRecipients(db, tenant, task.id);
      await recordLiveChange(db, {
        tenant,
        taskId: task.id,
        change: LiveTaskChange.assigneeChanged,
        assignee: task.assignee,
        previousAssignee,
        actor,
        at,
        candidates,
      });
    }),
    engine.onTaskCompleted(({ tenant, db, at, task, actor, candidates }) =>
      recordLiveChange(db, {
        tenant,
        taskId: task.id,
        change: LiveTaskChange.closed,
        assignee: task.assignee,
        previousAssignee: null,
        actor,
        at,
        candidates,
      }),
    ),
    engine.onTaskCancelled(({ tenant, db, at, task, candidates }) =>
      recordLiveChange(db, {
        tenant,
        taskId: task.id,
        change: LiveTaskChange.closed,
        assignee: task.assignee,
        previousAssignee: null,
        actor: null,
        at,
        candidates,
      }),
    ),
    engine.onTaskDueDateChanged(async ({ tenant, db, at, task, actor }) => {
      const { candidates } = await taskRecipients(db, tenant, task.id);
      await recordLiveChange(db, {
        tenant,
        taskId: task.id,
        change: LiveTaskChange.dueDateChanged,
        assignee: task.assignee,
        previousAssignee: null,
        actor,
        at,
        candidates,
      });
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
