import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { TaskRow } from '../../schemas/api/tasks';
import type { DatabaseSchema } from '../db/schema';
import type { TaskActor } from './taskActor';

/** The database as a query over `tasks as t` sees it. */
export type TaskScopeDb = DatabaseSchema & { t: DatabaseSchema['tasks'] };

/** A query over `tasks as t`, filtered but not yet joined or selected. */
export type TaskScopeQuery = SelectQueryBuilder<TaskScopeDb, 't', object>;

/**
 * Joins what a task row shows beside the task (process name, starter, assignee name) and
 * selects its columns. The assignee join is `iu` and the definition `pd`, the names the
 * team query's sort parameters use.
 */
export function withRowColumns(query: TaskScopeQuery) {
  return query
    .innerJoin('process_definitions as pd', (join) =>
      join.onRef('pd.tenant', '=', 't.tenant').onRef('pd.id', '=', 't.definition_id'),
    )
    .innerJoin('process_instances as i', (join) =>
      join.onRef('i.tenant', '=', 't.tenant').onRef('i.id', '=', 't.instance_id'),
    )
    .leftJoin('users as iu', (join) =>
      join.onRef('iu.tenant', '=', 't.tenant').onRef('iu.id', '=', 't.assignee'),
    )
    .select([
      't.id',
      't.instance_id',
      't.name',
      't.due_date',
      't.created_at',
      't.state',
      't.assignee',
      't.form_key',
      't.initiator_can_complete',
      't.seen_by_assignee',
      'pd.name as process_name',
      'i.started_by',
      sql<string | null>`iu.first_name || ' ' || iu.last_name`.as('assignee_name'),
    ]);
}

/** One selected row of {@link withRowColumns}. */
export interface TaskRowRecord {
  id: string;
  instance_id: string;
  name: string;
  due_date: Date | null;
  created_at: Date;
  state: 'open' | 'completed';
  assignee: string | null;
  form_key: string | null;
  initiator_can_complete: boolean;
  seen_by_assignee: boolean;
  process_name: string;
  started_by: string;
  assignee_name: string | null;
}

/** The candidates of some tasks, as the rows show them and as they concern the actor. */
export interface CandidateFacts {
  /** Display names of candidate users and groups, sorted. */
  names: string[];
  memberOfCandidateGroup: boolean;
  memberOfCandidateUsers: boolean;
}

/**
 * Candidate facts of the given tasks in one query through the candidates' primary key:
 * group names, user names, and whether the actor is one of them.
 */
export async function loadCandidateFacts(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<Map<string, CandidateFacts>> {
  const facts = new Map<string, CandidateFacts>();
  if (taskIds.length === 0) return facts;
  const rows = await db
    .selectFrom('task_candidates as c')
    .leftJoin('groups as g', (join) =>
      join
        .onRef('g.tenant', '=', 'c.tenant')
        .onRef('g.id', '=', 'c.principal')
        .on('c.kind', '=', 'group'),
    )
    .leftJoin('users as u', (join) =>
      join
        .onRef('u.tenant', '=', 'c.tenant')
        .onRef('u.id', '=', 'c.principal')
        .on('c.kind', '=', 'user'),
    )
    .select((eb) => [
      'c.task_id',
      'c.kind',
      'c.principal',
      sql<string>`coalesce(g.name, u.first_name || ' ' || u.last_name, c.principal)`.as('display'),
      eb
        .exists(
          eb
            .selectFrom('group_members as m')
            .select('m.user_id')
            .whereRef('m.tenant', '=', 'c.tenant')
            .whereRef('m.group_id', '=', 'c.principal')
            .where('m.user_id', '=', actor.userId),
        )
        .as('member'),
    ])
    .where('c.tenant', '=', actor.tenant)
    .where('c.task_id', 'in', [...new Set(taskIds)])
    .execute();
  for (const row of rows) {
    const entry = facts.get(row.task_id) ?? {
      names: [],
      memberOfCandidateGroup: false,
      memberOfCandidateUsers: false,
    };
    entry.names.push(row.display);
    if (row.kind === 'group' && row.member) entry.memberOfCandidateGroup = true;
    if (row.kind === 'user' && row.principal === actor.userId) entry.memberOfCandidateUsers = true;
    facts.set(row.task_id, entry);
  }
  for (const entry of facts.values()) entry.names.sort((a, b) => a.localeCompare(b));
  return facts;
}

const NO_CANDIDATES: CandidateFacts = {
  names: [],
  memberOfCandidateGroup: false,
  memberOfCandidateUsers: false,
};

/** The API row of a selected task (spec 000 section 3, "Task row"). */
export function toTaskRow(record: TaskRowRecord, candidates: CandidateFacts | undefined): TaskRow {
  const facts = candidates ?? NO_CANDIDATES;
  return {
    processInstanceId: record.instance_id,
    taskId: record.id,
    processName: record.process_name,
    dueDate: record.due_date ? record.due_date.toISOString() : null,
    taskStatus: record.state === 'open' ? 'OPEN' : 'COMPLETED',
    taskName: record.name,
    assignee: record.assignee,
    assigneeName: record.assignee_name,
    candidates: facts.names,
    createTime: record.created_at.toISOString(),
    memberOfCandidateGroup: facts.memberOfCandidateGroup,
    memberOfCandidateUsers: facts.memberOfCandidateUsers,
    initiatorCanCompleteTask: record.initiator_can_complete,
    processInstanceStartUserId: record.started_by,
    formKey: record.form_key,
    isNew: record.assignee !== null && record.state === 'open' && !record.seen_by_assignee,
  };
}

/** Task rows by id, in the order asked, for ids of the actor's tenant; missing ids are skipped. */
export async function loadTaskRows(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<TaskRow[]> {
  if (taskIds.length === 0) return [];
  const records = await withRowColumns(
    db
      .selectFrom('tasks as t')
      .where('t.tenant', '=', actor.tenant)
      .where('t.id', 'in', [...new Set(taskIds)]),
  ).execute();
  const candidates = await loadCandidateFacts(db, actor, taskIds);
  const byId = new Map(records.map((record) => [record.id, record]));
  return taskIds.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toTaskRow(record, candidates.get(id))] : [];
  });
}
