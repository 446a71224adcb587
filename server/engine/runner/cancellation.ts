import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { toTask } from '../commands/engineRows';
import type { Task, TaskCandidates } from '../processEngineTypes';
import type { EventWaits } from './eventWaits';
import type { ExecutionRows } from './executionRows';
import type { CalledProcesses } from './TokenRunner';

/**
 * Ends executions before their time (a boundary event, a terminate end event, a completion
 * condition, a withdrawal): what each held goes with it and the history says why.
 */
export class Cancellation {
  constructor(
    private readonly db: Transaction<DatabaseSchema>,
    private readonly tenant: string,
    private readonly rows: ExecutionRows,
    private readonly waits: EventWaits,
    private readonly calls: CalledProcesses | undefined,
    private readonly onTaskCancelled?: (
      task: Task,
      candidates: TaskCandidates,
      reason: string,
    ) => Promise<void>,
  ) {}

  /** Cancels every execution inside a scope, depth first. */
  async children(scopeId: string, reason: string): Promise<void> {
    const children = await this.db
      .selectFrom('process_executions')
      .select('id')
      .where('tenant', '=', this.tenant)
      .where('parent_id', '=', scopeId)
      .execute();
    for (const child of children) await this.tree(child.id, reason);
  }

  /** Cancels an execution and everything inside it. */
  async tree(executionId: string, reason: string): Promise<void> {
    await this.children(executionId, reason);
    await this.ownWork(executionId, reason);
    await this.rows.deleteExecutions([executionId]);
  }

  /**
   * Cancels what one execution itself holds: its open task, its external task (a worker
   * still holding it finds it gone), timers, waits, called instance.
   */
  async ownWork(executionId: string, reason: string): Promise<void> {
    const cancelled = await this.db
      .updateTable('tasks')
      .set({ state: 'cancelled' })
      .where('tenant', '=', this.tenant)
      .where('execution_id', '=', executionId)
      .where('state', '=', 'open')
      .returningAll()
      .execute();
    for (const task of cancelled) {
      const candidates = await this.db
        .deleteFrom('task_candidates')
        .where('tenant', '=', this.tenant)
        .where('task_id', '=', task.id)
        .returning(['kind', 'principal'])
        .execute();
      await this.rows.history(task.id, 'taskCancelled', null, {
        elementId: task.element_id,
        reason,
      });
      await this.onTaskCancelled?.(
        toTask(task),
        {
          users: candidates.filter((row) => row.kind === 'user').map((row) => row.principal),
          groups: candidates.filter((row) => row.kind === 'group').map((row) => row.principal),
        },
        reason,
      );
    }
    const external = await this.db
      .deleteFrom('process_external_tasks')
      .where('tenant', '=', this.tenant)
      .where('execution_id', '=', executionId)
      .returning(['id', 'element_id', 'topic'])
      .execute();
    for (const task of external) {
      await this.rows.history(null, 'externalTaskCancelled', null, {
        externalTaskId: task.id,
        elementId: task.element_id,
        topic: task.topic,
        reason,
      });
    }
    await this.waits.disarm(executionId);
    await this.calls?.cancel([executionId]);
  }
}
