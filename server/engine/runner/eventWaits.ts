import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { ProcessExecutionError } from '../engineErrors';
import { compiledTemplate } from '../expressions/compiledTemplate';
import type { Variables } from '../expressions/expressionAst';
import { renderTemplate } from '../expressions/parseTemplate';
import type { EventTrigger, TimerModel } from '../processModel';
import { firstDue } from './timerSchedule';
import type { RunningInstance } from './TokenRunner';

/**
 * The timers (`process_jobs`) and message and signal waits (`process_event_subscriptions`)
 * an instance's executions hang on, each removed with its execution.
 */
export class EventWaits {
  constructor(
    private readonly db: Transaction<DatabaseSchema>,
    private readonly instance: RunningInstance,
    private readonly now: Date,
    /** The variables seen inside a scope, for a timer's `${...}`. */
    private readonly scopeVariables: (scopeId: string | null) => Promise<Variables>,
  ) {}

  /**
   * Makes the token wait for an event at `elementId`: a timer job, or a message or signal
   * wait, on the token's execution and removed with it (`disarm`). Errors are caught as they
   * are thrown.
   */
  async arm(
    token: { readonly id: string; readonly parentId: string | null },
    elementId: string,
    trigger: EventTrigger,
  ): Promise<void> {
    if (trigger.type === 'timer') {
      await this.schedule(token.id, elementId, trigger.timer, token.parentId);
    } else if (trigger.type === 'message') {
      await this.subscribe(token.id, elementId, 'message', trigger.messageName);
    } else if (trigger.type === 'signal') {
      await this.subscribe(token.id, elementId, 'signal', trigger.signalName);
    }
  }

  private async schedule(
    executionId: string,
    elementId: string,
    timer: TimerModel,
    scopeId: string | null,
  ): Promise<void> {
    const text = timer.value.includes('${')
      ? renderTemplate(compiledTemplate(timer.value), await this.scopeVariables(scopeId), {
          now: this.now,
        })
      : timer.value;
    const due = firstDue(timer.type, text.trim(), this.now);
    if (due === undefined) {
      throw new ProcessExecutionError(
        `timer '${elementId}': '${text}' is not a valid ISO ${timer.type}`,
      );
    }
    await this.db
      .insertInto('process_jobs')
      .values({
        id: randomUUID(),
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        execution_id: executionId,
        element_id: elementId,
        due_at: due.dueAt,
        repeat_remaining: due.repeatRemaining,
        repeat_every: due.repeatEvery,
        created_at: this.now,
      })
      .execute();
  }

  /** A message or signal wait of an execution at `elementId`. */
  async subscribe(
    executionId: string,
    elementId: string,
    eventType: 'message' | 'signal',
    eventName: string,
  ): Promise<void> {
    await this.db
      .insertInto('process_event_subscriptions')
      .values({
        id: randomUUID(),
        tenant: this.instance.tenant,
        instance_id: this.instance.id,
        execution_id: executionId,
        element_id: elementId,
        event_type: eventType,
        event_name: eventName,
        created_at: this.now,
      })
      .execute();
  }

  /**
   * Removes the timers and message and signal waits hanging on one execution (those at
   * `elementIds` only, when given).
   */
  async disarm(executionId: string, elementIds?: readonly string[]): Promise<void> {
    if (elementIds?.length === 0) return;
    let jobs = this.db
      .deleteFrom('process_jobs')
      .where('tenant', '=', this.instance.tenant)
      .where('execution_id', '=', executionId);
    let waits = this.db
      .deleteFrom('process_event_subscriptions')
      .where('tenant', '=', this.instance.tenant)
      .where('execution_id', '=', executionId);
    if (elementIds !== undefined) {
      jobs = jobs.where('element_id', 'in', elementIds);
      waits = waits.where('element_id', 'in', elementIds);
    }
    await jobs.execute();
    await waits.execute();
  }
}
