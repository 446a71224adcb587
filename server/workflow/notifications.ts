import { sql, type Kysely, type OnConflictBuilder } from 'kysely';
import { Privilege } from '../../schemas/api/identity';
import {
  NOTIFICATION_LIST_LIMIT,
  type NotificationKind,
  type NotificationGroup,
  type NotificationSummary,
} from '../../schemas/api/notifications';
import type { DatabaseSchema } from '../db/schema';
import { pickDisplayName } from '../engine/displayNames';
import { groupNameIn } from '../identity/directory';
import type { TaskActor } from './taskActor';

/** What a notification is about: the task and the people it now concerns. */
export interface TaskNotificationTarget {
  readonly tenant: string;
  readonly taskId: string;
  /** When the change happened, by the engine's clock (a notification's time is its task's). */
  readonly at: Date;
}

/** Only staff with access-task are notified: nobody else can open the task. */
const HAS_ACCESS = sql<boolean>`${Privilege.accessTask} = any(u.privileges)`;

/** A repeated notification revives the old one (unread, new time) instead of adding one. */
const revive = (conflict: OnConflictBuilder<DatabaseSchema, 'task_notifications'>) =>
  conflict
    .columns(['tenant', 'user_id', 'task_id', 'kind'])
    .doUpdateSet({ read_at: null, created_at: sql<Date>`excluded.created_at` });

/** Notifies the users named (those with access-task) of a task, as its assignee or a candidate. */
async function notifyUsers(
  db: Kysely<DatabaseSchema>,
  target: TaskNotificationTarget,
  kind: 'assigned' | 'candidate',
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('task_notifications')
    .columns(['tenant', 'user_id', 'task_id', 'kind', 'group_id', 'created_at'])
    .expression(
      db
        .selectFrom('users as u')
        .select([
          'u.tenant',
          'u.id',
          sql<string>`${target.taskId}::text`.as('task_id'),
          sql.lit(kind).as('kind'),
          sql.lit(null).as('group_id'),
          sql<Date>`${target.at}::timestamptz`.as('created_at'),
        ])
        .where('u.tenant', '=', target.tenant)
        .where('u.id', 'in', [...userIds])
        .where(HAS_ACCESS),
    )
    .onConflict(revive)
    .execute();
}

/**
 * Tells the assignee that a task is theirs. A repeated assignment revives an old
 * notification rather than adding a second one.
 */
export async function notifyAssigned(
  db: Kysely<DatabaseSchema>,
  target: TaskNotificationTarget,
  userId: string,
): Promise<void> {
  await notifyUsers(db, target, 'assigned', [userId]);
}

/**
 * Tells every candidate that a task may be claimed: the candidate users themselves, then
 * the members of the candidate groups (with the group that brought it). One row per user:
 * a user who is both a candidate and a group member keeps the direct one.
 */
export async function notifyCandidates(
  db: Kysely<DatabaseSchema>,
  target: TaskNotificationTarget,
  candidates: { readonly users: readonly string[]; readonly groups: readonly string[] },
): Promise<void> {
  await notifyUsers(db, target, 'candidate', candidates.users);
  if (candidates.groups.length > 0) {
    await db
      .insertInto('task_notifications')
      .columns(['tenant', 'user_id', 'task_id', 'kind', 'group_id', 'created_at'])
      .expression(
        db
          .selectFrom('group_members as m')
          .innerJoin('users as u', (join) =>
            join.onRef('u.tenant', '=', 'm.tenant').onRef('u.id', '=', 'm.user_id'),
          )
          .distinctOn('m.user_id')
          .select([
            'm.tenant',
            'm.user_id',
            sql<string>`${target.taskId}::text`.as('task_id'),
            sql.lit('candidate').as('kind'),
            'm.group_id',
            sql<Date>`${target.at}::timestamptz`.as('created_at'),
          ])
          .where('m.tenant', '=', target.tenant)
          .where('m.group_id', 'in', [...candidates.groups])
          .where(HAS_ACCESS)
          .orderBy('m.user_id')
          .orderBy('m.group_id'),
      )
      .onConflict(revive)
      .execute();
  }
}

/**
 * Marks the unread notifications of a task read once they no longer hold: candidate ones
 * when it is claimed or assigned, assigned ones of anyone but `keepAssignee`, or all of
 * them once the task is completed (`keepAssignee` null and `kinds` both).
 */
export async function retireNotifications(
  db: Kysely<DatabaseSchema>,
  target: TaskNotificationTarget,
  options: { kinds: readonly ('assigned' | 'candidate')[]; keepAssignee?: string | null },
): Promise<void> {
  let update = db
    .updateTable('task_notifications')
    .set({ read_at: target.at })
    .where('tenant', '=', target.tenant)
    .where('task_id', '=', target.taskId)
    .where('read_at', 'is', null)
    .where('kind', 'in', [...options.kinds]);
  if (options.keepAssignee) {
    const keep = options.keepAssignee;
    update = update.where((eb) => eb.or([eb('kind', '<>', 'assigned'), eb('user_id', '<>', keep)]));
  }
  await update.execute();
}

/**
 * One user's bell: unread notifications that still hold (the task is open and still theirs,
 * or still unclaimed), counted per kind, the newest {@link NOTIFICATION_LIST_LIMIT} listed.
 * Walks `task_notifications_unread_idx` for the user only.
 */
export async function notificationSummary(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
): Promise<NotificationSummary> {
  const live = db
    .selectFrom('task_notifications as n')
    .innerJoin('tasks as t', (join) =>
      join.onRef('t.tenant', '=', 'n.tenant').onRef('t.id', '=', 'n.task_id'),
    )
    .select([
      'n.id',
      'n.kind',
      'n.task_id',
      'n.group_id',
      'n.created_at',
      't.name as task_name',
      't.display_names as task_display_names',
      't.definition_id',
      sql<number>`row_number() over (partition by n.kind order by n.created_at desc, n.id desc)`.as(
        'rank',
      ),
      sql<number>`count(*) over (partition by n.kind)`.as('total'),
    ])
    .where('n.tenant', '=', actor.tenant)
    .where('n.user_id', '=', actor.userId)
    .where('n.read_at', 'is', null)
    .where('t.state', '=', 'open')
    .where((eb) =>
      eb.or([
        eb.and([eb('n.kind', '=', 'assigned'), eb('t.assignee', '=', actor.userId)]),
        eb.and([eb('n.kind', '=', 'candidate'), eb('t.assignee', 'is', null)]),
      ]),
    );
  const rows = await db
    .selectFrom(live.as('r'))
    .innerJoin('process_definitions as pd', (join) =>
      join.on('pd.tenant', '=', actor.tenant).onRef('pd.id', '=', 'r.definition_id'),
    )
    .leftJoin('groups as g', (join) =>
      join.on('g.tenant', '=', actor.tenant).onRef('g.id', '=', 'r.group_id'),
    )
    .select([
      'r.id',
      'r.kind',
      'r.task_id',
      'r.group_id',
      'r.created_at',
      'r.task_name',
      'r.task_display_names',
      'r.total',
      'pd.name as process_name',
      groupNameIn('g', actor.language).as('group_name'),
    ])
    .where('r.rank', '<=', NOTIFICATION_LIST_LIMIT)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
  const group = (kind: 'assigned' | 'candidate'): NotificationGroup => {
    const ofKind = rows.filter((row) => row.kind === kind);
    return {
      count: Number(ofKind[0]?.total ?? 0),
      notificationData: ofKind.map((row) => ({
        id: row.id,
        taskName: pickDisplayName(row.task_display_names, row.task_name, actor.language),
        groupName: row.group_id === null ? null : (row.group_name ?? row.group_id),
        taskId: row.task_id,
        processName: row.process_name,
        createdTime: row.created_at.toISOString(),
      })),
    };
  };
  return { assignedTasks: group('assigned'), candidateTasks: group('candidate') };
}

/** Marks some of one's own notifications read; others' ids are ignored. Returns how many changed. */
export async function markNotificationsRead(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  notificationIds: readonly number[],
): Promise<number> {
  const result = await db
    .updateTable('task_notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('tenant', '=', actor.tenant)
    .where('user_id', '=', actor.userId)
    .where('id', 'in', [...notificationIds])
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks every unread notification of one kind of one's own read, however many there are
 * (the summary lists only the newest): what opening that kind in the bell means. With
 * `upTo`, those created or revived after it (the user has not seen them) stay unread.
 * Returns how many changed.
 */
export async function markNotificationKindRead(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  kind: NotificationKind,
  upTo?: Date,
): Promise<number> {
  let update = db
    .updateTable('task_notifications')
    .set({ read_at: sql<Date>`now()` })
    .where('tenant', '=', actor.tenant)
    .where('user_id', '=', actor.userId)
    .where('kind', '=', kind)
    .where('read_at', 'is', null);
  if (upTo) {
    // The bell's times are whole milliseconds; the column may hold microseconds, so the
    // newest one shown must not fall just after its own rounded time.
    update = update.where('created_at', '<', new Date(upTo.getTime() + 1));
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks the notifications of some users about a task read at `at`: the demo's candidates
 * who have seen the news of an older task.
 */
export async function markNotificationsReadBy(
  db: Kysely<DatabaseSchema>,
  target: TaskNotificationTarget,
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .updateTable('task_notifications')
    .set({ read_at: target.at })
    .where('tenant', '=', target.tenant)
    .where('task_id', '=', target.taskId)
    .where('user_id', 'in', [...userIds])
    .where('read_at', 'is', null)
    .execute();
}

/** Marks one's own notifications about a task read (the task was opened), now or `at`. */
export async function markTaskNotificationsRead(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
  at?: Date,
): Promise<void> {
  await db
    .updateTable('task_notifications')
    .set({ read_at: at ?? sql<Date>`now()` })
    .where('tenant', '=', actor.tenant)
    .where('user_id', '=', actor.userId)
    .where('task_id', '=', taskId)
    .where('read_at', 'is', null)
    .execute();
}
