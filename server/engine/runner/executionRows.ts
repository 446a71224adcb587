import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { ExecutionState } from '../engineTables';
import type { Variables } from '../expressions/expressionAst';
import type { ExecutionRow, Token } from './runContext';
import type { RunningInstance } from './TokenRunner';

/**
 * The execution and history rows of one instance, as a run reads and writes them; it
 * remembers the executions removed in the run, which no longer move or answer.
 */
export class ExecutionRows {
  private readonly removed = new Set<string>();

  constructor(
    private readonly db: Transaction<DatabaseSchema>,
    private readonly instance: RunningInstance,
    private readonly now: Date,
  ) {}

  /** Whether the execution was removed during this run. */
  isRemoved(id: string): boolean {
    return this.removed.has(id);
  }

  /**
   * The variables seen inside a scope: the process variables, overlaid by the local
   * variables of each enclosing execution (an item's element variable, the counters).
   */
  async scopeVariables(scopeId: string | null, ownId: string | null): Promise<Variables> {
    const layers: Variables[] = [];
    const own = ownId === null ? undefined : await this.execution(ownId);
    if (own !== undefined) layers.push(visibleLocals(own.local_variables));
    // Scopes nest a few levels deep; the bound only guards against a corrupt cycle.
    for (let id = scopeId, hops = 0; id !== null && hops < 100; hops += 1) {
      const row = await this.execution(id);
      if (row === undefined) break;
      layers.unshift(visibleLocals(row.local_variables));
      id = row.parent_id;
    }
    return Object.assign({}, this.instance.variables, ...layers) as Variables;
  }

  /** The execution row, or undefined when it is gone. */
  async execution(id: string): Promise<ExecutionRow | undefined> {
    if (this.removed.has(id)) return undefined;
    return this.db
      .selectFrom('process_executions')
      .select(['id', 'element_id', 'state', 'parent_id', 'local_variables'])
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** A new active execution at `elementId`; its id. */
  async insertToken(
    elementId: string,
    via: string | null,
    parentId: string | null,
    locals: Variables = {},
  ): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('process_executions')
      .values({
        id,
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        element_id: elementId,
        state: 'active',
        arrived_via: via,
        created_at: this.now,
        parent_id: parentId,
        local_variables: JSON.stringify(locals),
      })
      .execute();
    return id;
  }

  /** Rests the token's execution at its node in this state. */
  async park(token: Token, state: ExecutionState): Promise<void> {
    await this.db
      .updateTable('process_executions')
      .set({ element_id: token.nodeId, state, arrived_via: token.via })
      .where('tenant', '=', this.instance.tenant)
      .where('id', '=', token.id)
      .execute();
  }

  async setLocals(executionId: string, locals: Variables): Promise<void> {
    await this.db
      .updateTable('process_executions')
      .set({ local_variables: JSON.stringify(locals) })
      .where('tenant', '=', this.instance.tenant)
      .where('id', '=', executionId)
      .execute();
  }

  async deleteExecutions(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    for (const id of ids) this.removed.add(id);
    await this.db
      .deleteFrom('process_executions')
      .where('tenant', '=', this.instance.tenant)
      .where('id', 'in', ids)
      .execute();
  }

  /** The tokens waiting at a join in one scope, oldest first. */
  async waitingAt(elementId: string, parentId: string | null) {
    return this.db
      .selectFrom('process_executions')
      .select(['id', 'arrived_via'])
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .where('element_id', '=', elementId)
      .where('state', '=', 'waiting')
      .where((eb) =>
        parentId === null ? eb('parent_id', 'is', null) : eb('parent_id', '=', parentId),
      )
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Appends a history row for this instance. */
  async history(
    taskId: string | null,
    event: string,
    actor: string | null,
    payload: Record<string, unknown>,
  ): Promise<void> {
    await this.db
      .insertInto('process_history')
      .values({
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        task_id: taskId,
        event,
        actor,
        at: this.now,
        payload: JSON.stringify(payload),
      })
      .execute();
  }
}

/**
 * Local variables without the engine's own (`__...`) entries: what expressions, and the
 * worker of an external task, see of an execution's locals.
 */
export function visibleLocals(locals: Variables): Variables {
  return Object.fromEntries(Object.entries(locals).filter(([name]) => !name.startsWith('__')));
}
