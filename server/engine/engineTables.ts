import type { ColumnType, Generated } from 'kysely';
import type { Variables } from './expressions/expressionAst';
import type { ProcessModel } from './processModel';

/** A timestamptz column: read as a Date, written as a Date or an ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A nullable timestamptz column. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** A jsonb column: read parsed, written as JSON text (so arrays are not sent as SQL arrays). */
type Json<T> = ColumnType<T, string, string>;

/**
 * A name per interface language (`{en, es, fr}`, migration `0940_display_names.sql`):
 * null until rendered, and for rows from before.
 */
type DisplayNamesColumn = ColumnType<
  Readonly<Record<string, string>> | null,
  string | null | undefined,
  string | null
>;

/** One deployed version of a BPMN process (Flowable's ACT_RE_PROCDEF). */
export interface ProcessDefinitionsTable {
  id: string;
  tenant: string;
  key: string;
  name: string;
  version: number;
  category: string;
  description: string | null;
  xml: string;
  model: Json<ProcessModel>;
  deployed_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** Who deployed it (migration `0990_process_deployments.sql`); null for the seeded versions. */
  deployed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it was retired: new starts never take it; null while it is live. */
  retired_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Who retired it. */
  retired_by: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * The form version each form a process version names was deployed with: a task of that
 * version shows this version of the form, whatever was stored after it.
 */
export interface ProcessDefinitionFormsTable {
  tenant: string;
  definition_id: string;
  form_id: string;
  form_version: number;
}

/** A running or finished process (ACT_RU_EXECUTION's root plus ACT_HI_PROCINST). */
export interface ProcessInstancesTable {
  id: string;
  tenant: string;
  definition_id: string;
  name: string;
  business_key: string | null;
  started_by: string;
  started_at: Timestamp;
  ended_at: NullableTimestamp;
  variables: Json<Variables>;
  /** Bumped on every change, so a stale writer can be detected. */
  version: Generated<number>;
  /** For an instance started by a call activity: the calling instance and its waiting token. */
  parent_instance_id: ColumnType<string | null, string | null | undefined, string | null>;
  parent_execution_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The case's name per language once its `caseName` data is known; `name` until then. */
  display_names: DisplayNamesColumn;
}

/**
 * A token (ACT_RU_EXECUTION's children): one per active path. `waiting` tokens sit at a
 * parallel join until one has arrived over each incoming flow.
 */
export interface ExecutionsTable {
  id: string;
  tenant: string;
  instance_id: string;
  element_id: string;
  state: ExecutionState;
  /** The flow the token arrived over; a join counts distinct ones. */
  arrived_via: string | null;
  created_at: Timestamp;
  /** The scope execution (sub-process, multi-instance) this token runs inside. */
  parent_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Variables of this execution only: a multi-instance item, loop counter and counters. */
  local_variables: ColumnType<Variables, string | undefined, string>;
}

/**
 * `active`: a token moving or resting at a wait state; `waiting`: at a join; `scope`: an
 * embedded sub-process (or one multi-instance item of it) waiting for its children;
 * `multiInstance`: the root of a multi-instance activity, holding its counters.
 */
export type ExecutionState = 'active' | 'waiting' | 'scope' | 'multiInstance';

/** A timer waiting to fire (ACT_RU_TIMER_JOB). */
export interface JobsTable {
  id: string;
  tenant: string;
  instance_id: string;
  execution_id: string;
  element_id: string;
  due_at: Timestamp;
  repeat_remaining: number | null;
  repeat_every: string | null;
  created_at: Timestamp;
  /** Attempts left after a failed firing; at 0 the job waits for someone to look at it. */
  retries_left: Generated<number>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * A token waiting for a message or a signal by name (ACT_RU_EVENT_SUBSCR); signals since
 * migration `1020_engine_signal_subscriptions.sql`.
 */
export interface EventSubscriptionsTable {
  id: string;
  tenant: string;
  instance_id: string;
  execution_id: string;
  element_id: string;
  event_type: 'message' | 'signal';
  event_name: string;
  created_at: Timestamp;
}

/**
 * Work a service task hands to a worker outside the server (Camunda's ACT_RU_EXT_TASK,
 * Flowable's external worker jobs), migration `1000_external_tasks.sql`. The token waits at
 * the service task while the row lives; completing it moves the token on and deletes it.
 */
export interface ExternalTasksTable {
  id: string;
  tenant: string;
  instance_id: string;
  /** The token waiting at the service task. */
  execution_id: string;
  element_id: string;
  topic: string;
  /** The worker holding the lock; null while nobody does. */
  worker_id: string | null;
  /**
   * Until when nobody else may fetch it: the worker's lock, or after a failure the end of
   * its retry timeout. Null or past: it may be fetched.
   */
  lock_expires_at: NullableTimestamp;
  /** Attempts left as the worker last reported them; null until a failure; 0: an incident. */
  retries: number | null;
  /** The last failure's message, cut to 2,000 characters. */
  error_message: string | null;
  created_at: Timestamp;
}

/**
 * One completion of an activity with a compensation boundary event (Camunda's compensate
 * event subscriptions), migration `1030_engine_compensation.sql`: a compensation throw in its
 * scope runs the handler once for it, latest first, and removes it.
 */
export interface CompensationsTable {
  /** Orders completions (a bigint, read as text by the driver). */
  seq: Generated<string>;
  tenant: string;
  instance_id: string;
  /** The sub-process execution it completed in; null at the process level. */
  scope_execution_id: string | null;
  element_id: string;
  /** What the completed execution held itself (a multi-instance item's variables). */
  local_variables: Json<Variables>;
  completed_at: Timestamp;
}

/** A user task (ACT_RU_TASK, kept after completion as ACT_HI_TASKINST is). */
export interface TasksTable {
  id: string;
  tenant: string;
  instance_id: string;
  definition_id: string;
  execution_id: string | null;
  element_id: string;
  name: string;
  /** The name rendered per language from the variables (numbers per locale). */
  display_names: DisplayNamesColumn;
  /**
   * The instructions (the user task's `documentation`, filled in) as an English reader sees
   * them, and per language (migration `0980_task_descriptions.sql`); null without any.
   */
  description: ColumnType<string | null, string | null | undefined, string | null>;
  display_descriptions: DisplayNamesColumn;
  form_key: string | null;
  assignee: string | null;
  created_at: Timestamp;
  due_date: NullableTimestamp;
  state: 'open' | 'completed' | 'cancelled';
  completed_at: NullableTimestamp;
  completed_by: string | null;
  outcome: string | null;
  /** Task-local values: a draft while open, what was submitted once completed. */
  variables: Json<Variables>;
  initiator_can_complete: boolean;
  /** False until the assignee opens the task; drives the 'new' marker and filter. */
  seen_by_assignee: Generated<boolean>;
  priority: number;
  /**
   * Segregation of duties, copied from the definition when the task is made (migration
   * `0900_task_segregation.sql`): the element ids whose performers in the instance may not
   * perform this task, whether its starter may not, whether anyone who completed a task of
   * the instance may not.
   */
  exclude_performers_of: ColumnType<string[], string[] | undefined, string[]>;
  exclude_initiator: Generated<boolean>;
  exclude_any_performer: Generated<boolean>;
}

/** Who may claim an open task (ACT_RU_IDENTITYLINK 'candidate' rows). */
export interface TaskCandidatesTable {
  tenant: string;
  task_id: string;
  kind: 'user' | 'group';
  principal: string;
}

/** An append-only log of what happened to instances and tasks (ACT_HI_*). */
export interface ProcessHistoryTable {
  id: Generated<number>;
  tenant: string;
  instance_id: string;
  task_id: string | null;
  event: string;
  actor: string | null;
  at: Timestamp;
  payload: Json<Record<string, unknown>>;
}

/** The last business key number given per tenant, prefix and year (`nextBusinessKey`). */
export interface BusinessKeyCountersTable {
  tenant: string;
  prefix: string;
  year: number;
  last_value: number;
}

/** The engine's tables, to be merged into the server's DatabaseSchema. */
export interface EngineTables {
  process_definitions: ProcessDefinitionsTable;
  process_definition_forms: ProcessDefinitionFormsTable;
  process_instances: ProcessInstancesTable;
  process_executions: ExecutionsTable;
  tasks: TasksTable;
  task_candidates: TaskCandidatesTable;
  process_history: ProcessHistoryTable;
  process_jobs: JobsTable;
  process_event_subscriptions: EventSubscriptionsTable;
  process_external_tasks: ExternalTasksTable;
  process_compensations: CompensationsTable;
  business_key_counters: BusinessKeyCountersTable;
}
