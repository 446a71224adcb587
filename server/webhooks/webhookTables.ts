import type { ColumnType } from 'kysely';

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

/** The webhook area's tables, merged into the server's DatabaseSchema. */
export interface WebhookTables {
  webhook_targets: WebhookTargetsTable;
}
