import type { ColumnType, Generated } from 'kysely';
import type { LiveTaskChange } from '../../schemas/api/liveConstants';

/** `live_events`: one change to a task and the users and groups it concerns. */
export interface LiveEventsTable {
  id: Generated<number>;
  tenant: string;
  task_id: string;
  change: LiveTaskChange;
  assignee: string | null;
  previous_assignee: string | null;
  /** Null when the engine made the change (a timer, a message, a worker). */
  actor: string | null;
  at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** User ids the change concerns. */
  users: ColumnType<string[], string[] | undefined, string[]>;
  /** Candidate group ids the change concerns. */
  groups: ColumnType<string[], string[] | undefined, string[]>;
}

/** The live inbox's tables, merged into `DatabaseSchema`. */
export interface LiveTables {
  live_events: LiveEventsTable;
}
