import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { ExecutionState } from '../engineTables';
import type { Variables } from '../expressions/expressionAst';
import type { CompensationModel, ProcessModel, ProcessNode } from '../processModel';

/** An execution row as compensation reads it. */
export interface CompensationRow {
  readonly id: string;
  readonly element_id: string;
  readonly state: ExecutionState;
  readonly parent_id: string | null;
  readonly local_variables: Variables;
}

/** What follows once every handler of a throw has finished. */
export type AfterCompensation =
  /** The throwing token goes on from its event (over its flow, or its path ends). */
  | 'goOn'
  /** The handlers ran beside the token, which went on at once: their execution just ends. */
  | 'end'
  /** A cancel end event: the transaction is left over its cancel boundary event. */
  | 'cancelTransaction';

/** One handler still to run: the compensated activity and what its execution held. */
interface PlannedHandler {
  readonly activity: string;
  readonly handler: string;
  readonly locals: Variables;
}

/** Local variables the engine keeps on an execution running handlers (`__` hides them). */
const planKey = '__compensation';
const afterKey = '__afterCompensation';

/** What compensating asks of the runner that moves the instance's tokens. */
export interface CompensationRunner {
  readonly db: Transaction<DatabaseSchema>;
  readonly model: ProcessModel;
  readonly tenant: string;
  readonly instanceId: string;
  readonly now: Date;
  execution(id: string): Promise<CompensationRow | undefined>;
  /** Makes a new execution resting at `elementId` in `parentId` as a scope holding `locals`. */
  openScope(elementId: string, parentId: string | null, locals: Variables): Promise<string>;
  /** Parks an existing execution at `elementId` as a scope holding `locals`. */
  holdAsScope(executionId: string, elementId: string, locals: Variables): Promise<void>;
  setLocals(executionId: string, locals: Variables): Promise<void>;
  /** Starts a handler activity (a user task or an external task) as a child of `parentId`. */
  startHandler(handlerId: string, parentId: string, locals: Variables): Promise<void>;
  /** The handlers at this execution are all done: it goes on as `after` says. */
  finish(row: CompensationRow, after: AfterCompensation): Promise<void>;
  history(event: string, payload: Record<string, unknown>): Promise<void>;
}

/** Whether an activity can be compensated: it carries a compensation boundary event. */
function handlerOf(model: ProcessModel, node: ProcessNode | undefined): string | undefined {
  for (const boundaryId of node?.boundaryEvents ?? []) {
    const boundary = model.nodes[boundaryId];
    if (boundary?.kind === 'boundaryEvent' && boundary.trigger.type === 'compensation') {
      return boundary.trigger.handler;
    }
  }
  return undefined;
}

/**
 * Compensation (BPMN 2.0, as Camunda 7 and Flowable run it): each completion of an activity
 * with a compensation boundary event is recorded in the scope it completed in (a
 * multi-instance activity once per item, with the item's own variables). A compensation
 * throw or end event runs the handlers of its scope's recorded completions (of one activity
 * with `activityRef`), the latest first and one after another, each once, in an execution
 * of its own at the throw event: with `waitForCompletion` that is the throwing token, which
 * goes on when the last handler ends; without, a new one beside it, and the token goes on at
 * once. A compensated completion is forgotten, as is every completion inside a scope that
 * ends: what is compensated later is what completed, and was not yet undone, in the scope.
 */
export class Compensation {
  constructor(private readonly runner: CompensationRunner) {}

  /**
   * An activity completed at `row` (an item of a multi-instance activity reports its root's
   * scope): remembered when it can be compensated.
   */
  async recordCompletion(row: CompensationRow, scopeExecutionId: string | null): Promise<void> {
    const { model } = this.runner;
    if (handlerOf(model, model.nodes[row.element_id]) === undefined) return;
    const locals = Object.fromEntries(
      Object.entries(row.local_variables).filter(([name]) => !name.startsWith('__')),
    );
    await this.runner.db
      .insertInto('process_compensations')
      .values({
        tenant: this.runner.tenant,
        instance_id: this.runner.instanceId,
        scope_execution_id: scopeExecutionId,
        element_id: row.element_id,
        local_variables: JSON.stringify(locals),
        completed_at: this.runner.now,
      })
      .execute();
  }

  /** A scope ended (or was left): the completions inside it can no longer be compensated. */
  async forgetScope(scopeExecutionId: string): Promise<void> {
    await this.runner.db
      .deleteFrom('process_compensations')
      .where('tenant', '=', this.runner.tenant)
      .where('scope_execution_id', '=', scopeExecutionId)
      .execute();
  }

  /** The instance ended: nothing of it is compensated any more. */
  async forgetInstance(): Promise<void> {
    await this.runner.db
      .deleteFrom('process_compensations')
      .where('tenant', '=', this.runner.tenant)
      .where('instance_id', '=', this.runner.instanceId)
      .execute();
  }

  /**
   * The token `tokenId` (in `scopeExecutionId`) reached a compensation throw or end event, or
   * a cancel end event: the handlers of the scope's completions start, the latest first.
   * True when the token now waits for them; false when it goes on at once (nothing to
   * compensate, or `waitForCompletion="false"`).
   */
  async throwAt(
    tokenId: string,
    elementId: string,
    scopeExecutionId: string | null,
    compensation: CompensationModel,
    after: 'goOn' | 'cancelTransaction',
  ): Promise<boolean> {
    const scope = await this.compensatedScope(scopeExecutionId);
    let query = this.runner.db
      .selectFrom('process_compensations')
      .select(['seq', 'element_id', 'local_variables'])
      .where('tenant', '=', this.runner.tenant)
      .where('instance_id', '=', this.runner.instanceId)
      .where((eb) =>
        scope === null
          ? eb('scope_execution_id', 'is', null)
          : eb('scope_execution_id', '=', scope),
      );
    if (compensation.activityRef !== null) {
      query = query.where('element_id', '=', compensation.activityRef);
    }
    const completions = await query.execute();
    // The latest completion first (`seq` is a bigint, read as text).
    completions.sort((a, b) => Number(BigInt(b.seq) - BigInt(a.seq)));
    const plan: PlannedHandler[] = [];
    for (const completion of completions) {
      const handler = handlerOf(this.runner.model, this.runner.model.nodes[completion.element_id]);
      if (handler !== undefined) {
        plan.push({ activity: completion.element_id, handler, locals: completion.local_variables });
      }
    }
    if (completions.length > 0) {
      await this.runner.db
        .deleteFrom('process_compensations')
        .where('tenant', '=', this.runner.tenant)
        .where(
          'seq',
          'in',
          completions.map((completion) => completion.seq),
        )
        .execute();
    }
    await this.runner.history('compensationThrown', {
      elementId,
      activities: plan.map((entry) => entry.activity),
      waitForCompletion: compensation.waitForCompletion,
    });
    if (plan.length === 0) return false;
    const locals: Variables = { [planKey]: plan as unknown as Variables[string] };
    if (compensation.waitForCompletion || after === 'cancelTransaction') {
      await this.runner.holdAsScope(tokenId, elementId, { ...locals, [afterKey]: after });
      await this.startNext(tokenId, plan);
      return true;
    }
    const beside = await this.runner.openScope(elementId, scopeExecutionId, {
      ...locals,
      [afterKey]: 'end',
    });
    await this.startNext(beside, plan);
    return false;
  }

  /**
   * The last handler running at `row` ended: the next one starts, or, when none is left,
   * the execution goes on. False when `row` runs no compensation (an ordinary scope).
   */
  async handlerDone(row: CompensationRow): Promise<boolean> {
    const plan = row.local_variables[planKey];
    if (!Array.isArray(plan)) return false;
    const rest = plan as unknown as PlannedHandler[];
    if (rest.length > 0) {
      await this.startNext(row.id, rest);
      return true;
    }
    const after = row.local_variables[afterKey] as AfterCompensation;
    await this.runner.setLocals(row.id, {});
    await this.runner.finish(row, after);
    return true;
  }

  /** Starts the first handler of the plan and keeps the rest on the execution. */
  private async startNext(executionId: string, plan: readonly PlannedHandler[]): Promise<void> {
    const [next, ...rest] = plan;
    if (next === undefined) return;
    const row = await this.runner.execution(executionId);
    await this.runner.setLocals(executionId, {
      ...(row?.local_variables ?? {}),
      [planKey]: rest as unknown as Variables[string],
    });
    await this.runner.history('compensationHandlerStarted', {
      elementId: next.handler,
      compensates: next.activity,
    });
    await this.runner.startHandler(next.handler, executionId, next.locals);
  }

  /**
   * The scope whose completions a throw in `scopeExecutionId` compensates: its own, but a
   * throw inside an event sub-process compensates the scope around it.
   */
  private async compensatedScope(scopeExecutionId: string | null): Promise<string | null> {
    if (scopeExecutionId === null) return null;
    const row = await this.runner.execution(scopeExecutionId);
    const node = row === undefined ? undefined : this.runner.model.nodes[row.element_id];
    return node?.kind === 'eventSubProcess' ? (row?.parent_id ?? null) : scopeExecutionId;
  }
}
