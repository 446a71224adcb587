import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { EventTrigger, ProcessModel, ProcessNode } from '../processModel';
import type { RunningInstance } from './TokenRunner';

/** A wait for a signal: its subscription row and the execution and element waiting. */
export interface SignalWait {
  readonly id: string;
  readonly execution_id: string;
  readonly element_id: string;
}

/** The waits of one instance for a signal, and how a signal reaches them. */
export class SignalWaits {
  constructor(
    private readonly db: Transaction<DatabaseSchema>,
    private readonly model: ProcessModel,
    private readonly instance: RunningInstance,
    /** The event at an element happened for the execution waiting there; false if none waits. */
    private readonly catchAt: (executionId: string, elementId: string) => Promise<boolean>,
  ) {}

  /**
   * This instance's waits for a signal, oldest first. A wait for a processInstance-scoped
   * signal is reached only by a throw in its own instance.
   */
  async find(signalName: string, from: 'thrownHere' | 'fromElsewhere'): Promise<SignalWait[]> {
    const rows = await this.db
      .selectFrom('process_event_subscriptions')
      .select(['id', 'execution_id', 'element_id'])
      .where('tenant', '=', this.instance.tenant)
      .where('instance_id', '=', this.instance.id)
      .where('event_type', '=', 'signal')
      .where('event_name', '=', signalName)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    if (from === 'thrownHere') return rows;
    return rows.filter((row) => {
      const trigger = waitTrigger(this.model.nodes[row.element_id]);
      return trigger?.type !== 'signal' || trigger.scope === 'global';
    });
  }

  /** Each wait still there catches the signal (an earlier one may have removed it). */
  async deliver(waits: readonly SignalWait[]): Promise<number> {
    let reached = 0;
    for (const wait of waits) {
      const still = await this.db
        .selectFrom('process_event_subscriptions')
        .select('id')
        .where('tenant', '=', this.instance.tenant)
        .where('id', '=', wait.id)
        .executeTakeFirst();
      if (still !== undefined && (await this.catchAt(wait.execution_id, wait.element_id))) {
        reached += 1;
      }
    }
    return reached;
  }
}

/** What a catch event, boundary event or event sub-process start waits for. */
function waitTrigger(node: ProcessNode | undefined): EventTrigger | undefined {
  if (node?.kind === 'catchEvent' || node?.kind === 'boundaryEvent') return node.trigger;
  if (node?.kind === 'startEvent') return node.eventSubProcess?.trigger;
  return undefined;
}
