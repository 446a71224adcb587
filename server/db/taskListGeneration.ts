import { sql } from 'kysely';

/**
 * The task lists' generation (migration 1060) as a SQL expression: a bigint as text that
 * moves with every committed write to a table the dashboard lists read. The session lookup
 * selects it beside the session (server/workflow/taskListCache.ts explains why it is read first).
 */
export const TASK_LIST_GENERATION = sql<string>`(select coalesce(sum(value), 0)::text from task_list_generation)`;
