import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { ClaimGround } from '../../schemas/api/claimRule';
import type { TaskRow } from '../../schemas/api/tasks';
import { taskStatusOf } from '../../schemas/api/tasksConstants';
import type { DatabaseSchema } from '../db/schema';
import { pickDisplayName, type Language } from '../engine/displayNames';
import { groundTaskIds } from '../engine';
import { groupNameIn } from '../identity/directory';
import type { TaskActor } from './taskActor';

/** The database as a query over `tasks as t` sees it. */
export type TaskScopeDb = DatabaseSchema & { t: DatabaseSchema['tasks'] };

/** A query over `tasks as t`, filtered but not yet joined or selected. */
export type TaskScopeQuery = SelectQueryBuilder<TaskScopeDb, 't', object>;

/**
 * Joins what a task row shows beside the task (process name, starter, assignee name) and
 * selects its columns, with the candidate grounds of the claim rule as they concern the
 * actor. The assignee join is `iu` and the definition `pd`, the names the team query's
 * sort parameters use.
 */
export function withRowColumns(query: TaskScopeQuery, actor: TaskActor) {
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
    .select((eb) => [
      't.id',
      't.instance_id',
      't.name',
      't.display_names',
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
      eb
        .exists(
          groundTaskIds(ClaimGround.candidateUser, {
            tenant: actor.tenant,
            user: actor.userId,
            task: eb.ref('t.id'),
          }),
        )
        .$castTo<boolean>()
        .as('member_of_candidate_users'),
      eb
        .exists(
          groundTaskIds(ClaimGround.candidateGroup, {
            tenant: actor.tenant,
            user: actor.userId,
            task: eb.ref('t.id'),
          }),
        )
        .$castTo<boolean>()
        .as('member_of_candidate_group'),
    ]);
}

/** One selected row of {@link withRowColumns}. */
export interface TaskRowRecord {
  id: string;
  instance_id: string;
  name: string;
  display_names: Readonly<Record<string, string>> | null;
  due_date: Date | null;
  created_at: Date;
  state: 'open' | 'completed' | 'cancelled';
  assignee: string | null;
  form_key: string | null;
  initiator_can_complete: boolean;
  seen_by_assignee: boolean;
  process_name: string;
  started_by: string;
  assignee_name: string | null;
  member_of_candidate_users: boolean;
  member_of_candidate_group: boolean;
}

/**
 * Display names of the candidate users and groups of the given tasks, sorted, in one query
 * through the candidates' primary key.
 */
export async function loadCandidateNames(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  taskIds: readonly string[],
  language?: Language,
): Promise<Map<string, string[]>> {
  const names = new Map<string, string[]>();
  if (taskIds.length === 0) return names;
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
    .select([
      'c.task_id',
      sql<string>`coalesce(${groupNameIn('g', language)}, u.first_name || ' ' || u.last_name, c.principal)`.as(
        'display',
      ),
    ])
    .where('c.tenant', '=', tenant)
    .where('c.task_id', 'in', [...new Set(taskIds)])
    .execute();
  for (const row of rows) names.set(row.task_id, [...(names.get(row.task_id) ?? []), row.display]);
  for (const entry of names.values()) entry.sort((a, b) => a.localeCompare(b));
  return names;
}

/**
 * The API row of a selected task (spec 000 section 3, "Task row"), its name in the reader's
 * language.
 */
export function toTaskRow(
  record: TaskRowRecord,
  candidates: readonly string[],
  language?: Language,
): TaskRow {
  return {
    processInstanceId: record.instance_id,
    taskId: record.id,
    processName: record.process_name,
    dueDate: record.due_date ? record.due_date.toISOString() : null,
    taskStatus: taskStatusOf(record.state),
    taskName: pickDisplayName(record.display_names, record.name, language),
    assignee: record.assignee,
    assigneeName: record.assignee_name,
    candidates: [...candidates],
    createTime: record.created_at.toISOString(),
    memberOfCandidateGroup: record.member_of_candidate_group,
    memberOfCandidateUsers: record.member_of_candidate_users,
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
    actor,
  ).execute();
  const candidates = await loadCandidateNames(db, actor.tenant, taskIds, actor.language);
  const byId = new Map(records.map((record) => [record.id, record]));
  return taskIds.flatMap((id) => {
    const record = byId.get(id);
    return record ? [toTaskRow(record, candidates.get(id) ?? [], actor.language)] : [];
  });
}
