import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { COMMENT_MAX_LENGTH, type Comment, type CommentStatus } from '../../schemas/api/comments';
import { LiveTaskChange } from '../../schemas/api/liveConstants';
import { inTransaction } from '../db/inTransaction';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import { recordLiveChange, taskRecipients } from '../live/liveEvents';
import { requireVisibleTask, visibleInstanceIds } from './taskAccess';
import type { TaskActor } from './taskActor';

/**
 * Trims a comment and checks its length: 1 to 250 characters (0 allowed for a
 * reassignment), counted in characters as the client's counter does.
 */
export function cleanComment(text: string, path: string, allowEmpty = false): string {
  const trimmed = text.trim();
  if ([...trimmed].length > COMMENT_MAX_LENGTH) {
    throw new AppError(
      400,
      ErrorCode.validation,
      `A comment has at most ${COMMENT_MAX_LENGTH} characters.`,
      {
        details: [{ path, code: 'maxLength', params: { limit: COMMENT_MAX_LENGTH } }],
      },
    );
  }
  if (!allowEmpty && trimmed === '') {
    throw new AppError(400, ErrorCode.validation, 'A comment needs some text.', {
      details: [{ path, code: 'required' }],
    });
  }
  return trimmed;
}

/** Display name of a user column pair, or the id when the user is gone. */
const displayName = (first: string | null, last: string | null, fallback: string): string =>
  first === null ? fallback : `${first} ${last ?? ''}`.trim();

/**
 * Every comment of an instance, newest first, with the caller's read state as it was, then
 * marks them read for the caller (the comments panel showed them). The caller must have
 * been allowed to see the instance already.
 */
export async function listInstanceComments(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceId: string,
): Promise<Comment[]> {
  const rows = await db
    .selectFrom('task_comments as c')
    .innerJoin('users as au', (join) =>
      join.onRef('au.tenant', '=', 'c.tenant').onRef('au.id', '=', 'c.user_id'),
    )
    .leftJoin('users as ru', (join) =>
      join.onRef('ru.tenant', '=', 'c.tenant').onRef('ru.id', '=', 'c.reassignee_id'),
    )
    .select((eb) => [
      'c.id',
      'c.instance_id',
      'c.task_id',
      'c.task_name',
      'c.user_id',
      'c.comment',
      'c.created_at',
      'c.is_reassign',
      'c.reassignee_id',
      'au.first_name as author_first',
      'au.last_name as author_last',
      'ru.first_name as reassignee_first',
      'ru.last_name as reassignee_last',
      eb
        .or([
          eb('c.user_id', '=', actor.userId),
          eb.exists(
            eb
              .selectFrom('task_comment_reads as r')
              .select('r.comment_id')
              .whereRef('r.comment_id', '=', 'c.id')
              .where('r.user_id', '=', actor.userId),
          ),
        ])
        .as('is_read'),
    ])
    .where('c.tenant', '=', actor.tenant)
    .where('c.instance_id', '=', instanceId)
    .orderBy('c.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .execute();
  const unread = rows.filter((row) => !row.is_read).map((row) => row.id);
  if (unread.length > 0) {
    await db
      .insertInto('task_comment_reads')
      .values(unread.map((id) => ({ comment_id: id, tenant: actor.tenant, user_id: actor.userId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }
  return rows.map((row) => ({
    id: row.id,
    processInstanceId: row.instance_id,
    taskId: row.task_id,
    taskName: row.task_name,
    userId: row.user_id,
    userName: displayName(row.author_first, row.author_last, row.user_id),
    comment: row.comment,
    createdTime: row.created_at.toISOString(),
    isReassigned: row.is_reassign,
    isRead: Boolean(row.is_read),
    reassigneeName:
      row.reassignee_id === null
        ? null
        : displayName(row.reassignee_first, row.reassignee_last, row.reassignee_id),
  }));
}

/** What a new comment says, and about which task. */
export interface NewComment {
  readonly taskId: string;
  readonly processInstanceId: string;
  readonly comment: string;
}

/**
 * Adds a comment to a task the caller may see (404 / 403 otherwise). The task must belong
 * to the named instance (400), and the text is trimmed and checked (1 to 250 characters).
 * The task's stored name is kept with it, not the name the client sent. The comment and its
 * live event commit together.
 */
export async function addComment(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  input: NewComment,
): Promise<Comment> {
  const text = cleanComment(input.comment, 'body.comment');
  const task = await requireVisibleTask(db, actor, input.taskId);
  if (task.instance_id !== input.processInstanceId) {
    throw new AppError(400, ErrorCode.validation, 'The task belongs to another process instance.', {
      details: [{ path: 'body.processInstanceId', code: 'mismatch' }],
    });
  }
  const row = await inTransaction(db, async (trx) => {
    const inserted = await trx
      .insertInto('task_comments')
      .values({
        tenant: actor.tenant,
        instance_id: task.instance_id,
        task_id: task.id,
        task_name: task.name,
        user_id: actor.userId,
        comment: text,
      })
      .returning(['id', 'created_at'])
      .executeTakeFirstOrThrow();
    const { assignee, candidates } = await taskRecipients(trx, actor.tenant, task.id);
    await recordLiveChange(trx, {
      tenant: actor.tenant,
      taskId: task.id,
      change: LiveTaskChange.commented,
      assignee,
      previousAssignee: null,
      actor: actor.userId,
      at: inserted.created_at,
      candidates,
    });
    return inserted;
  });
  const author = await db
    .selectFrom('users')
    .select(['first_name', 'last_name'])
    .where('tenant', '=', actor.tenant)
    .where('id', '=', actor.userId)
    .executeTakeFirst();
  return {
    id: row.id,
    processInstanceId: task.instance_id,
    taskId: task.id,
    taskName: task.name,
    userId: actor.userId,
    userName: displayName(author?.first_name ?? null, author?.last_name ?? null, actor.userId),
    comment: text,
    createdTime: row.created_at.toISOString(),
    isReassigned: false,
    isRead: true,
    reassigneeName: null,
  };
}

/** The comment a reassignment leaves behind, written in the reassignment's transaction. */
export interface ReassignmentComment {
  readonly tenant: string;
  readonly instanceId: string;
  readonly taskId: string;
  readonly taskName: string;
  readonly actor: string;
  readonly from: string | null;
  readonly to: string;
  /** Already trimmed and checked; may be empty. */
  readonly comment: string;
  /** When the task moved, by the engine's clock. */
  readonly at: Date;
}

/** Records a reassignment in the task's comments (the panel's Reassignments tab). */
export async function insertReassignmentComment(
  db: Kysely<DatabaseSchema>,
  entry: ReassignmentComment,
): Promise<void> {
  await db
    .insertInto('task_comments')
    .values({
      tenant: entry.tenant,
      instance_id: entry.instanceId,
      task_id: entry.taskId,
      task_name: entry.taskName,
      user_id: entry.actor,
      comment: entry.comment,
      is_reassign: true,
      reassignee_id: entry.to,
      previous_assignee_id: entry.from,
      created_at: entry.at,
    })
    .execute();
}

/**
 * Comment status of some tasks, in the order asked: whether each has a comment with text,
 * and whether the caller has read all of those (their own count as read). Tasks of another
 * tenant, unknown ids and tasks the caller may not see answer like tasks without comments.
 * Two probes per task on `task_comments_task_idx` and the reads' primary key.
 */
export async function commentAvailability(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<CommentStatus[]> {
  const unique = [...new Set(taskIds)];
  const rows = await db
    .selectFrom('tasks as t')
    .select((eb) => {
      const withText = () =>
        eb
          .selectFrom('task_comments as c')
          .select('c.id')
          .whereRef('c.tenant', '=', 't.tenant')
          .whereRef('c.task_id', '=', 't.id')
          .where('c.comment', '<>', '');
      return [
        't.id',
        't.instance_id',
        eb.exists(withText()).as('available'),
        eb
          .not(
            eb.exists(
              withText()
                .where('c.user_id', '<>', actor.userId)
                .where(({ not, exists, selectFrom }) =>
                  not(
                    exists(
                      selectFrom('task_comment_reads as r')
                        .select('r.comment_id')
                        .whereRef('r.comment_id', '=', 'c.id')
                        .where('r.user_id', '=', actor.userId),
                    ),
                  ),
                ),
            ),
          )
          .as('read'),
      ];
    })
    .where('t.tenant', '=', actor.tenant)
    .where('t.id', 'in', unique)
    .execute();
  const visible = await visibleInstanceIds(
    db,
    actor,
    rows.map((row) => row.instance_id),
  );
  const byId = new Map(
    rows
      .filter((row) => visible.has(row.instance_id))
      .map((row) => [row.id, { available: Boolean(row.available), read: Boolean(row.read) }]),
  );
  return taskIds.map((taskId) => {
    const status = byId.get(taskId);
    return {
      taskId,
      commentAvailable: status?.available ?? false,
      read: status ? status.read : true,
    };
  });
}
