import { sql, type Kysely } from 'kysely';
import type { LiveTaskChange, LiveTaskEvent } from '../../schemas/api/liveConstants';
import type { DatabaseSchema } from '../db/schema';

/** The NOTIFY channel that wakes the streams of every server process. */
export const LIVE_CHANNEL = 'tessera_live';

/**
 * A NOTIFY payload stays well under PostgreSQL's 8000 bytes: past this, the recipients are
 * left out and every stream of the tenant looks for itself.
 */
const PAYLOAD_RECIPIENTS_MAX = 6_000;

/** Who a change concerns. */
export interface LiveRecipients {
  readonly users: readonly string[];
  readonly groups: readonly string[];
}

/** One change to log, in the transaction that makes it. */
export interface LiveChange {
  readonly tenant: string;
  readonly taskId: string;
  readonly change: LiveTaskChange;
  readonly assignee: string | null;
  readonly previousAssignee: string | null;
  readonly actor: string | null;
  readonly at: Date;
  /** The task's candidates; the assignee and the previous one are added here. */
  readonly candidates: LiveRecipients;
}

/** What a NOTIFY says: which tenant, which row, and (when small) whom it concerns. */
export interface LiveNotice {
  readonly tenant: string;
  readonly id: number;
  readonly users?: readonly string[];
  readonly groups?: readonly string[];
}

/**
 * Logs one change for the live inbox and notifies every server process. Run it with the
 * change's transaction: the row commits or rolls back with the change, and PostgreSQL
 * delivers the NOTIFY only at commit, so nothing is lost and nothing is sent for a change
 * that did not happen. The payload names no task value.
 */
export async function recordLiveChange(
  db: Kysely<DatabaseSchema>,
  change: LiveChange,
): Promise<void> {
  const users = [
    ...new Set(
      [change.previousAssignee, change.assignee, ...change.candidates.users].filter(
        (user): user is string => user !== null,
      ),
    ),
  ];
  const groups = [...new Set(change.candidates.groups)];
  const row = await db
    .insertInto('live_events')
    .values({
      tenant: change.tenant,
      task_id: change.taskId,
      change: change.change,
      assignee: change.assignee,
      previous_assignee: change.previousAssignee,
      actor: change.actor,
      at: change.at,
      users,
      groups,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const notice: LiveNotice = { tenant: change.tenant, id: row.id, users, groups };
  let payload = JSON.stringify(notice);
  if (payload.length > PAYLOAD_RECIPIENTS_MAX) {
    payload = JSON.stringify({ tenant: change.tenant, id: row.id } satisfies LiveNotice);
  }
  await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(db);
}

/** An open task's assignee and candidates now, for a change the engine does not describe. */
export async function taskRecipients(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  taskId: string,
): Promise<{ assignee: string | null; candidates: LiveRecipients }> {
  const task = await db
    .selectFrom('tasks')
    .select('assignee')
    .where('tenant', '=', tenant)
    .where('id', '=', taskId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('task_candidates')
    .select(['kind', 'principal'])
    .where('tenant', '=', tenant)
    .where('task_id', '=', taskId)
    .execute();
  return {
    assignee: task?.assignee ?? null,
    candidates: {
      users: rows.filter((row) => row.kind === 'user').map((row) => row.principal),
      groups: rows.filter((row) => row.kind === 'group').map((row) => row.principal),
    },
  };
}

/** Whose events a stream reads: one user of one tenant, with their groups. */
export interface LiveReader {
  readonly tenant: string;
  readonly userId: string;
  readonly groups: readonly string[];
}

/** A logged event as the stream sends it. */
export interface LoggedEvent {
  readonly id: number;
  readonly event: LiveTaskEvent;
}

/** At most this many events are read at once; a stream reads on until it has them all. */
export const LIVE_READ_BATCH = 200;

/**
 * The reader's events after `afterId`, or among `ids`, oldest first. The tenant and id
 * bound the read to a short range of `live_events_tenant_id_idx` (or the primary key); the
 * recipients are then checked on those few rows.
 */
export async function readLiveEvents(
  db: Kysely<DatabaseSchema>,
  reader: LiveReader,
  select: { readonly afterId: number } | { readonly ids: readonly number[] },
): Promise<LoggedEvent[]> {
  let query = db
    .selectFrom('live_events')
    .selectAll()
    .where('tenant', '=', reader.tenant)
    .where((eb) => {
      const mine = [eb(sql.val(reader.userId), '=', eb.fn.any('users'))];
      if (reader.groups.length > 0) {
        mine.push(eb('groups', '&&', sql<string[]>`${sql.val([...reader.groups])}::text[]`));
      }
      return eb.or(mine);
    })
    .orderBy('id')
    .limit(LIVE_READ_BATCH);
  query =
    'afterId' in select
      ? query.where('id', '>', select.afterId)
      : query.where('id', 'in', [...select.ids]);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: Number(row.id),
    event: {
      change: row.change,
      taskId: row.task_id,
      assignee: row.assignee,
      previousAssignee: row.previous_assignee,
      actor: row.actor,
      at: row.at.toISOString(),
    },
  }));
}

/** The oldest and newest ids the log still holds (null when it is empty). */
export async function liveLogBounds(
  db: Kysely<DatabaseSchema>,
): Promise<{ oldest: number | null; newest: number | null }> {
  const row = await db
    .selectFrom('live_events')
    .select((eb) => [eb.fn.min('id').as('oldest'), eb.fn.max('id').as('newest')])
    .executeTakeFirstOrThrow();
  return {
    oldest: row.oldest === null ? null : Number(row.oldest),
    newest: row.newest === null ? null : Number(row.newest),
  };
}

/** Deletes the events older than the retention; answers how many went. */
export async function pruneLiveEvents(
  db: Kysely<DatabaseSchema>,
  retentionMs: number,
): Promise<number> {
  const result = await db
    .deleteFrom('live_events')
    .where('at', '<', sql<Date>`now() - make_interval(secs => ${retentionMs / 1000})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
