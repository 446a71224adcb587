import {
  expressionBuilder,
  type AliasableExpression,
  type Expression,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { CLAIM_GROUNDS, type ClaimGround } from '../../schemas/api/claimRule';
import type { DatabaseSchema } from '../db/schema';

/** A value or a column of the surrounding query (such as `t.id` or `u.id`). */
export type ValueOrRef = string | Expression<string>;

/** Whose claims, within which tenant, and optionally for which task. */
export interface ClaimScope {
  readonly tenant: string;
  /** The user who would claim: an id, or a column of the surrounding query. */
  readonly user: ValueOrRef;
  /** Only this task (an id or a column); every task when absent. */
  readonly task?: ValueOrRef;
}

/** A subquery answering task ids as `task_id`. */
type TaskIdQuery = SelectQueryBuilder<DatabaseSchema, never, { task_id: string }>;

const eb = expressionBuilder<DatabaseSchema, never>();

/**
 * Each ground of `ClaimGround` as the ids of the open tasks it lets the user claim, each one
 * a range of one index: `task_candidates_principal_idx` for the candidate rows (which the
 * engine removes when a task completes), `process_instances_started_by_idx` then
 * `tasks_instance_idx` for the initiator. Keyed by the shared constant, so a ground added
 * there does not compile here until it has its SQL.
 */
const GROUND_TASK_IDS: Record<ClaimGround, (scope: ClaimScope) => TaskIdQuery> = {
  candidateUser: ({ tenant, user, task }) => {
    let query = eb
      .selectFrom('task_candidates as c')
      .select('c.task_id')
      .where('c.tenant', '=', tenant)
      .where('c.kind', '=', 'user')
      .where('c.principal', '=', user);
    if (task !== undefined) query = query.where('c.task_id', '=', task);
    return query;
  },
  candidateGroup: ({ tenant, user, task }) => {
    let query = eb
      .selectFrom('group_members as m')
      .innerJoin('task_candidates as c', (join) =>
        join.onRef('c.tenant', '=', 'm.tenant').onRef('c.principal', '=', 'm.group_id'),
      )
      .select('c.task_id')
      .where('m.tenant', '=', tenant)
      .where('m.user_id', '=', user)
      .where('c.kind', '=', 'group');
    if (task !== undefined) query = query.where('c.task_id', '=', task);
    return query;
  },
  initiator: ({ tenant, user, task }) => {
    if (task !== undefined) {
      // One task: found by its key, its instance's starter read per row. As a join, a
      // planner without statistics (PGlite has no autovacuum) walked every instance the
      // user started and every open task of the tenant for each (65 ms a claim check in
      // the demo's seed instead of 0.2 ms).
      return eb
        .selectFrom('tasks as it')
        .select('it.id as task_id')
        .where('it.tenant', '=', tenant)
        .where('it.id', '=', task)
        .where('it.state', '=', 'open')
        .where('it.initiator_can_complete', '=', true)
        .where(
          (inner) =>
            inner
              .selectFrom('process_instances as i')
              .select('i.started_by')
              .whereRef('i.tenant', '=', 'it.tenant')
              .whereRef('i.id', '=', 'it.instance_id'),
          '=',
          user,
        );
    }
    let query = eb
      .selectFrom('process_instances as i')
      .innerJoin('tasks as it', (join) =>
        join.onRef('it.tenant', '=', 'i.tenant').onRef('it.instance_id', '=', 'i.id'),
      )
      .select('it.id as task_id')
      .where('i.tenant', '=', tenant)
      .where('i.started_by', '=', user)
      .where('it.state', '=', 'open')
      .where('it.initiator_can_complete', '=', true);
    if (task !== undefined) query = query.where('it.id', '=', task);
    return query;
  },
};

/** The ids of the tasks one ground lets the user claim (assignee not considered). */
export function groundTaskIds(ground: ClaimGround, scope: ClaimScope): TaskIdQuery {
  return GROUND_TASK_IDS[ground](scope);
}

/**
 * The candidate rule in SQL, the one home every server query uses: the ids of the open
 * tasks the user may claim on any ground, before the assignee is considered (a claimable
 * task is also unassigned: see {@link claimableCondition}). A union of index ranges, so the
 * candidate list is served by indexes, not a scan of the tenant's tasks.
 */
export function claimTaskIds(scope: ClaimScope): TaskIdQuery {
  const [first, ...rest] = CLAIM_GROUNDS.map((ground) => GROUND_TASK_IDS[ground](scope));
  if (first === undefined) throw new Error('The claim rule has no grounds.');
  return rest.reduce((union, next) => union.union(next), first);
}

/** The columns of a task the rule reads besides its candidates. */
export interface ClaimableTaskColumns {
  readonly id: Expression<string>;
  readonly state: Expression<string>;
  readonly assignee: Expression<string | null>;
}

/**
 * Whether the user may claim the task whose columns are given: open, unassigned, and
 * among {@link claimTaskIds}. The client's `isClaimable` answers the same from a row.
 */
export function claimableCondition(
  task: ClaimableTaskColumns,
  scope: Omit<ClaimScope, 'task'>,
): AliasableExpression<SqlBool> {
  return eb.and([
    eb(task.state, '=', 'open'),
    eb(task.assignee, 'is', null),
    eb(task.id, 'in', claimTaskIds(scope)),
  ]);
}
