import type { ColumnType, Generated } from 'kysely';

/** A timestamptz column the database fills in on insert. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A nullable timestamptz column. */
type NullableTimestamp = ColumnType<Date | null, Date | string | null, Date | string | null>;

/** `task_notifications`: a task became someone's assigned or candidate task. */
export interface TaskNotificationsTable {
  id: Generated<number>;
  tenant: string;
  user_id: string;
  task_id: string;
  kind: 'assigned' | 'candidate';
  /** The candidate group that made it a candidate task of the user; null otherwise. */
  group_id: string | null;
  created_at: GeneratedTimestamp;
  read_at: NullableTimestamp;
}

/** `task_comments`: comments on tasks, and the comment every reassignment writes. */
export interface TaskCommentsTable {
  id: Generated<number>;
  tenant: string;
  instance_id: string;
  task_id: string;
  /** The task's name when the comment was written. */
  task_name: string;
  user_id: string;
  /** Trimmed, at most 250 characters; empty only for a reassignment. */
  comment: string;
  is_reassign: Generated<boolean>;
  reassignee_id: string | null;
  previous_assignee_id: string | null;
  created_at: GeneratedTimestamp;
}

/** `task_comment_reads`: who has read which comment. */
export interface TaskCommentReadsTable {
  comment_id: number;
  tenant: string;
  user_id: string;
  read_at: GeneratedTimestamp;
}

/** The tasks area's tables, merged into `DatabaseSchema`. */
export interface TaskTables {
  task_notifications: TaskNotificationsTable;
  task_comments: TaskCommentsTable;
  task_comment_reads: TaskCommentReadsTable;
}
