import { NotFoundError } from '../engineErrors';
import { toProcessInstance, toTask } from './engineRows';
import type { Variables } from '../expressions/expressionAst';
import type { ProcessInstance, Task, TaskCandidates } from '../processEngineTypes';
import type { EngineContext } from './EngineContext';

/** Reads instances, tasks and candidates: the engine's query seam (no transaction). */
export class EngineQueries {
  constructor(private readonly context: EngineContext) {}

  /** One instance with its definition facts and variables. */
  async getInstance(tenant: string, instanceId: string): Promise<ProcessInstance> {
    const row = await this.context.db
      .selectFrom('process_instances')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No process instance ${instanceId}`);
    return toProcessInstance(
      row,
      await this.context.definitionRow(this.context.db, tenant, row.definition_id),
    );
  }

  /** The process variables of an instance. */
  async getVariables(tenant: string, instanceId: string): Promise<Variables> {
    const row = await this.context.db
      .selectFrom('process_instances')
      .select('variables')
      .where('tenant', '=', tenant)
      .where('id', '=', instanceId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No process instance ${instanceId}`);
    return row.variables;
  }

  /**
   * The tasks of an instance in creation order: open ones (`completed: false`), completed
   * ones (`completed: true`), or all.
   */
  async listInstanceTasks(
    tenant: string,
    instanceId: string,
    filter: { readonly completed?: boolean } = {},
  ): Promise<Task[]> {
    let query = this.context.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('instance_id', '=', instanceId);
    if (filter.completed !== undefined) {
      query = query.where('state', '=', filter.completed ? 'completed' : 'open');
    }
    const rows = await query.orderBy('created_at').orderBy('id').execute();
    return rows.map(toTask);
  }

  /** One task by id. */
  async getTask(tenant: string, taskId: string): Promise<Task> {
    const row = await this.context.db
      .selectFrom('tasks')
      .selectAll()
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (row === undefined) throw new NotFoundError(`No task ${taskId}`);
    return toTask(row);
  }

  /** The candidate users and groups of an open task (completed tasks keep none). */
  async getTaskCandidates(tenant: string, taskId: string): Promise<TaskCandidates> {
    const rows = await this.context.db
      .selectFrom('task_candidates')
      .select(['kind', 'principal'])
      .where('tenant', '=', tenant)
      .where('task_id', '=', taskId)
      .orderBy('principal')
      .execute();
    return {
      users: rows.filter((row) => row.kind === 'user').map((row) => row.principal),
      groups: rows.filter((row) => row.kind === 'group').map((row) => row.principal),
    };
  }

  /**
   * Whether the user may claim the task as it stands: unassigned and open, and the user is
   * a candidate user, in a candidate group, or started the instance of a task whose
   * initiator may complete it.
   */
  async canClaim(tenant: string, taskId: string, userId: string): Promise<boolean> {
    const task = await this.context.db
      .selectFrom('tasks')
      .select(['assignee', 'state'])
      .where('tenant', '=', tenant)
      .where('id', '=', taskId)
      .executeTakeFirst();
    if (task === undefined || task.state !== 'open' || task.assignee !== null) return false;
    return this.context.isCandidate(this.context.db, tenant, taskId, userId);
  }
}
