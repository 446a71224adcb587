import type { ColumnType, Generated } from 'kysely';

/** `webhook_targets`: the targets a tenant's webhook buttons may call, by name. */
export interface WebhookTargetsTable {
  tenant: string;
  name: string;
  /** http(s) URL; a leading `{self}` stands for this server's own address. */
  url: string;
  timeout_ms: ColumnType<number, number | undefined, number>;
  /** Extra request headers, such as the target's API key. */
  headers: ColumnType<Record<string, string>, string | undefined, string>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/**
 * `webhook_answers`: what a target answered a button that reads its answer into the case,
 * recorded by the server; a task's completion takes those variables from its latest row.
 */
export interface WebhookAnswersTable {
  /** Orders one task's answers (a bigint, read as text by the driver). */
  id: Generated<string>;
  tenant: string;
  task_id: string;
  instance_id: string;
  webhook: string;
  called_by: string;
  /** The target's whole answer. */
  answer: ColumnType<Record<string, unknown>, string, string>;
  /** The variables read from it, by name. */
  answer_values: ColumnType<Record<string, string | number | boolean | null>, string, string>;
  answered_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The webhook area's tables, merged into the server's DatabaseSchema. */
export interface WebhookTables {
  webhook_targets: WebhookTargetsTable;
  webhook_answers: WebhookAnswersTable;
}
