import {
  expressionBuilder,
  sql,
  type AliasableExpression,
  type Kysely,
  type Selectable,
  type SqlBool,
} from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import { ReassignableTo } from '../../schemas/api/tasksConstants';
import type { ReassignInfo, TaskRefusalCode, TaskRefusals } from '../../schemas/api/tasks';
import type { UserSummary } from '../../schemas/api/users';
import type { DatabaseSchema } from '../db/schema';
import { collated } from '../db/textCollation';
import {
  claimableCondition,
  claimTaskIds,
  type ClaimableTaskColumns,
  type ProcessEngine,
} from '../engine';
import { AppError } from '../errors';
import { excludedFromTask } from './segregationRule';
import { loadTeam, type TaskActor } from './taskActor';

/**
 * Who may do what to a task: the one policy that routes, the dashboard lists, the
 * reassignment pickers and the engine's listeners all ask (read, claim, complete,
 * reassign, and who a task may be given to). Its parts:
 *
 * 1. **read**: {@link visibleInstanceIds}, the instance visibility rule;
 * 2. **claim, complete, reassign**: {@link TASK_RULES}, one rule per {@link TaskAction}, each
 *    over the {@link TaskFacts} of one task and actor, read in one query;
 * 3. **who a task may go to**: {@link reassignableUsers} and {@link requireAssignee};
 * 4. **the candidate list**: {@link candidateTaskCondition}, the claim rule in SQL;
 * 5. **segregation of duties** everywhere: a person the task's process excludes (the
 *    starter, or whoever did an earlier step: see server/engine/taskSegregation.ts) may not
 *    claim, be given or complete it, refused with `SEGREGATION_OF_DUTIES`; and
 *    {@link guardTaskPolicy} makes the engine refuse it too, inside each change's transaction.
 *
 * Withdrawing an instance acts on the whole case, not on one task: its rule is the instance
 * policy's (instancePolicy.ts), over facts of the instance, beside this one.
 */

/** A task row as stored by the engine. */
export type StoredTask = Selectable<DatabaseSchema['tasks']>;

// ---- read ----

/** Back-office staff read every instance of their tenant (completed-instance reports). */
export function readsEveryInstance(actor: TaskActor): boolean {
  return actor.privileges.includes(Privilege.accessBo);
}

/**
 * The process instances among `instanceIds` (all of the actor's tenant) that the actor may
 * see. One rule serves the task page, the instance page, comments and variables: an
 * instance is visible to whoever started it, to whoever one of its tasks is (or was)
 * assigned to or completed by, the actor or a team member, to its tasks' candidates, and
 * to back-office staff (access-bo), who read every instance for the reports.
 */
export async function visibleInstanceIds(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceIds: readonly string[],
): Promise<Set<string>> {
  if (instanceIds.length === 0) return new Set();
  const ids = [...new Set(instanceIds)];
  let query = db
    .selectFrom('process_instances as i')
    .select('i.id')
    .where('i.tenant', '=', actor.tenant)
    .where('i.id', 'in', ids);
  if (!readsEveryInstance(actor)) {
    const viewers = [actor.userId, ...(await loadTeam(db, actor))];
    query = query.where((eb) =>
      eb.or([
        eb('i.started_by', '=', actor.userId),
        eb.exists(
          eb
            .selectFrom('tasks as t')
            .select('t.id')
            .whereRef('t.tenant', '=', 'i.tenant')
            .whereRef('t.instance_id', '=', 'i.id')
            .where((inner) =>
              inner.or([
                inner('t.assignee', 'in', viewers),
                inner('t.completed_by', 'in', viewers),
              ]),
            ),
        ),
        // Whoever may claim one of its tasks (the claim rule's grounds) sees the case.
        eb.exists(
          eb
            .selectFrom('tasks as t')
            .select('t.id')
            .whereRef('t.tenant', '=', 'i.tenant')
            .whereRef('t.instance_id', '=', 'i.id')
            .where((inner) =>
              inner.exists(
                claimTaskIds({ tenant: actor.tenant, user: actor.userId, task: inner.ref('t.id') }),
              ),
            ),
        ),
      ]),
    );
  }
  const rows = await query.execute();
  return new Set(rows.map((row) => row.id));
}

/** 404 unless the instance exists in the actor's tenant; 403 unless the actor may see it. */
export async function requireVisibleInstance(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceId: string,
): Promise<void> {
  const exists = await db
    .selectFrom('process_instances')
    .select('id')
    .where('tenant', '=', actor.tenant)
    .where('id', '=', instanceId)
    .executeTakeFirst();
  if (!exists) throw new AppError(404, ErrorCode.notFound, 'There is no such process instance.');
  if (!(await visibleInstanceIds(db, actor, [instanceId])).has(instanceId)) {
    throw new AppError(403, ErrorCode.forbidden, 'This process instance is not yours to see.');
  }
}

/**
 * The stored task, if it exists in the actor's tenant (404 otherwise) and its instance is
 * visible to the actor (403 otherwise). Another tenant's id is simply not found.
 */
export async function requireVisibleTask(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<StoredTask> {
  const task = await findTask(db, actor.tenant, taskId);
  if (!task) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  if (!(await visibleInstanceIds(db, actor, [task.instance_id])).has(task.instance_id)) {
    throw new AppError(403, ErrorCode.forbidden, 'This task is not yours to see.');
  }
  return task;
}

/** The stored task of a tenant, if any. */
export async function findTask(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  taskId: string,
): Promise<StoredTask | undefined> {
  return db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant', '=', tenant)
    .where('id', '=', taskId)
    .executeTakeFirst();
}

// ---- claim, complete, reassign ----

/** The actions on one task that {@link TASK_RULES} rules on. */
export const TaskAction = {
  claim: 'claim',
  complete: 'complete',
  reassign: 'reassign',
} as const;
/** One of `TaskAction`. */
export type TaskAction = (typeof TaskAction)[keyof typeof TaskAction];

/** What the rules know about one task and one actor. */
export interface TaskFacts {
  readonly task: StoredTask;
  /** One of the claim rule's grounds holds for the actor (candidate user, group, initiator). */
  readonly claimGround: boolean;
  /** The task's segregation of duties shuts the actor out. */
  readonly excluded: boolean;
  /** The actor is the supervisor (`users.manager_id`) of the task's assignee. */
  readonly supervisesAssignee: boolean;
  /** The task has candidates, so it goes to people who could claim it (else to anyone). */
  readonly hasCandidates: boolean;
}

/** Why an action is refused: the status and stable code the caller answers with. */
export interface TaskRefusal {
  readonly statusCode: 403 | 409;
  readonly code: ErrorCode;
  readonly message: string;
}

const refusal = (statusCode: 403 | 409, code: ErrorCode, message: string): TaskRefusal => ({
  statusCode,
  code,
  message,
});

/** The refusal of segregation of duties, whichever action it stops. */
const SEGREGATED = refusal(
  403,
  ErrorCode.segregationOfDuties,
  'This step must be done by someone who has not worked on the case before.',
);

const NOT_OPEN = refusal(409, ErrorCode.conflict, 'The task is already completed.');

/**
 * One rule per action: null when the actor may, the refusal otherwise. Keyed by
 * `TaskAction`, so an action added there does not compile until it has its rule here.
 */
const TASK_RULES: Record<TaskAction, (facts: TaskFacts, actor: TaskActor) => TaskRefusal | null> = {
  // The engine's claim order: open, free (one's own task again changes nothing), a ground
  // holds; then four eyes. A lost race reads as such, not as a refusal of rights.
  claim: ({ task, claimGround, excluded }, actor) => {
    if (task.state !== 'open') return NOT_OPEN;
    if (task.assignee === actor.userId) return null;
    if (task.assignee !== null) {
      return refusal(409, ErrorCode.taskAlreadyClaimed, 'Someone else claimed this task first.');
    }
    if (!claimGround) return refusal(403, ErrorCode.forbidden, 'You may not claim this task.');
    return excluded ? SEGREGATED : null;
  },
  // Only the assignee completes, and only if the process does not exclude them.
  complete: ({ task, excluded }, actor) => {
    if (task.state !== 'open') return NOT_OPEN;
    if (task.assignee !== actor.userId) {
      return refusal(403, ErrorCode.forbidden, 'Only the assignee may complete this task.');
    }
    return excluded ? SEGREGATED : null;
  },
  // An open, assigned task moves by its assignee or the assignee's supervisor; group mates
  // see each other's tasks in the team list but may not move them.
  reassign: ({ task, supervisesAssignee }, actor) =>
    task.state === 'open' &&
    task.assignee !== null &&
    (task.assignee === actor.userId || supervisesAssignee)
      ? null
      : refusal(403, ErrorCode.forbidden, 'You may not reassign this task.'),
};

/** The {@link TaskFacts} of one task for the actor, in one query; undefined when not there. */
export async function loadTaskFacts(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<TaskFacts | undefined> {
  return (await loadTasksFacts(db, actor, [taskId])).get(taskId);
}

/**
 * The {@link TaskFacts} of several tasks of the actor's tenant, in one query, by task id;
 * ids not found there are left out.
 */
export async function loadTasksFacts(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<Map<string, TaskFacts>> {
  if (taskIds.length === 0) return new Map();
  const { tenant, userId } = actor;
  const rows = await db
    .selectFrom('tasks as t')
    .selectAll('t')
    .select((eb) => [
      eb
        .exists(claimTaskIds({ tenant, user: userId, task: eb.ref('t.id') }))
        .$castTo<boolean>()
        .as('claim_ground'),
      excludedFromTask({ tenant, task: eb.ref('t.id'), user: userId })
        .$castTo<boolean>()
        .as('excluded'),
      eb
        .exists(
          eb
            .selectFrom('users as su')
            .select('su.id')
            .whereRef('su.tenant', '=', 't.tenant')
            .whereRef('su.id', '=', 't.assignee')
            .where('su.manager_id', '=', userId),
        )
        .$castTo<boolean>()
        .as('supervises_assignee'),
      eb
        .exists(
          eb
            .selectFrom('task_candidates as tc')
            .select('tc.task_id')
            .whereRef('tc.tenant', '=', 't.tenant')
            .whereRef('tc.task_id', '=', 't.id'),
        )
        .$castTo<boolean>()
        .as('has_candidates'),
    ])
    .where('t.tenant', '=', tenant)
    .where('t.id', 'in', [...new Set(taskIds)])
    .execute();
  return new Map(
    rows.map((row) => {
      const { claim_ground, excluded, supervises_assignee, has_candidates, ...task } = row;
      const facts: TaskFacts = {
        task,
        claimGround: claim_ground,
        excluded,
        supervisesAssignee: supervises_assignee,
        hasCandidates: has_candidates,
      };
      return [task.id, facts];
    }),
  );
}

/** The refusal of an action, or null when the facts allow it. */
export function refusalOf(
  action: TaskAction,
  facts: TaskFacts,
  actor: TaskActor,
): TaskRefusal | null {
  return TASK_RULES[action](facts, actor);
}

/**
 * Asks the policy before an action: answers the task when the actor may, throws the
 * refusal otherwise (404 for a task not in the actor's tenant). The engine checks its own
 * part again inside the change, so a race between this answer and the change is caught.
 */
export async function authorizeTask(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
  action: TaskAction,
): Promise<StoredTask> {
  const facts = await loadTaskFacts(db, actor, taskId);
  if (facts === undefined) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  const refused = refusalOf(action, facts, actor);
  if (refused) throw new AppError(refused.statusCode, refused.code, refused.message);
  return facts.task;
}

/** What the task page may offer the actor (see `TaskDetail.permissions`), by the same rules. */
export interface TaskPermissions {
  readonly canClaim: boolean;
  readonly canComplete: boolean;
  readonly canBeReassigned: boolean;
  readonly reassignableTo: ReassignInfo['reassignableTo'];
}

/** {@link TaskPermissions} from the facts: claiming means taking a free task. */
export function permissionsOf(facts: TaskFacts, actor: TaskActor): TaskPermissions {
  return {
    canClaim: facts.task.assignee === null && refusalOf('claim', facts, actor) === null,
    canComplete: refusalOf('complete', facts, actor) === null,
    ...reassignInfoOf(facts, actor),
  };
}

/**
 * Why the actor may not claim or complete the task, as the codes the actions would be
 * refused with; null where the action is open to them (or, for a claim, where the task is
 * already theirs).
 */
export function refusalsOf(facts: TaskFacts, actor: TaskActor): TaskRefusals {
  const claim = facts.task.assignee === actor.userId ? null : refusalOf('claim', facts, actor);
  return {
    claim: claim ? refusalCode(claim) : null,
    complete: refusalCodeOf('complete', facts, actor),
  };
}

function refusalCodeOf(
  action: TaskAction,
  facts: TaskFacts,
  actor: TaskActor,
): TaskRefusalCode | null {
  const refused = refusalOf(action, facts, actor);
  return refused ? refusalCode(refused) : null;
}

/** A refusal's code as the task answers name it (the rules use no other codes). */
function refusalCode(refused: TaskRefusal): TaskRefusalCode {
  const code = refused.code;
  if (
    code === ErrorCode.conflict ||
    code === ErrorCode.taskAlreadyClaimed ||
    code === ErrorCode.segregationOfDuties
  ) {
    return code;
  }
  return ErrorCode.forbidden;
}

/**
 * What the instance page may offer the actor for each of an instance's tasks, by the same
 * rules as the task page, in one query: whether they may claim it (free, and a claim would
 * be allowed) and complete it. Tasks not found are left out.
 */
export async function instanceTaskPermissions(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<Map<string, Pick<TaskPermissions, 'canClaim' | 'canComplete'>>> {
  const facts = await loadTasksFacts(db, actor, taskIds);
  return new Map(
    [...facts].map(([id, taskFacts]) => {
      const { canClaim, canComplete } = permissionsOf(taskFacts, actor);
      return [id, { canClaim, canComplete }];
    }),
  );
}

function reassignInfoOf(facts: TaskFacts, actor: TaskActor): ReassignInfo {
  return {
    canBeReassigned: refusalOf('reassign', facts, actor) === null,
    reassignableTo: facts.hasCandidates
      ? ReassignableTo.reassignableUsers
      : ReassignableTo.allUsers,
  };
}

/** The permissions of one stored task for the actor. */
export async function taskPermissions(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<TaskPermissions> {
  const facts = await loadTaskFacts(db, actor, taskId);
  if (facts === undefined) throw new AppError(404, ErrorCode.notFound, 'There is no such task.');
  return permissionsOf(facts, actor);
}

// ---- who a task may go to ----

/**
 * Whether the actor may reassign a task, and where the picker's users come from: a task
 * with candidates goes to the people who could have claimed it, or to the reassigner's own
 * team (`REASSIGNABLE_USERS`); a task without any (assigned straight from the process, such
 * as the initiator's application form) may go to anyone with access-task (`ALL_USERS`).
 */
export async function reassignInfo(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  task: StoredTask,
): Promise<ReassignInfo> {
  const facts = await loadTaskFacts(db, actor, task.id);
  if (facts === undefined) {
    return { canBeReassigned: false, reassignableTo: ReassignableTo.allUsers };
  }
  return reassignInfoOf(facts, actor);
}

/**
 * The users a task may be reassigned to by the actor (see {@link reassignInfo}), without
 * its current assignee and without anyone its segregation of duties excludes, by name.
 * Empty when the actor may not reassign it.
 */
export async function reassignableUsers(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  task: StoredTask,
): Promise<UserSummary[]> {
  const info = await reassignInfo(db, actor, task);
  if (!info.canBeReassigned) return [];
  let query = db
    .selectFrom('users as u')
    .select(['u.id', 'u.email', 'u.first_name', 'u.last_name'])
    .where('u.tenant', '=', actor.tenant)
    .where(sql<boolean>`${Privilege.accessTask} = any(u.privileges)`)
    .where((eb) =>
      eb.not(excludedFromTask({ tenant: actor.tenant, task: task.id, user: eb.ref('u.id') })),
    );
  if (task.assignee !== null) query = query.where('u.id', '<>', task.assignee);
  if (info.reassignableTo === ReassignableTo.reassignableUsers) {
    query = query.where((eb) =>
      eb.or([
        eb('u.id', '=', actor.userId),
        eb('u.manager_id', '=', actor.userId),
        eb.exists(claimTaskIds({ tenant: actor.tenant, user: eb.ref('u.id'), task: task.id })),
      ]),
    );
  }
  // Names sort as words (Élodie beside Elodie), not in byte order.
  const rows = await query
    .orderBy(collated(sql.ref('u.first_name'), undefined))
    .orderBy(collated(sql.ref('u.last_name'), undefined))
    .orderBy('u.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    fullName: `${row.first_name} ${row.last_name}`.trim(),
  }));
}

/**
 * The users a selection of tasks may be reassigned to: everyone at least one of the tasks
 * may go to by {@link reassignableUsers}, the rule of a single reassign, by name. Tasks the
 * actor may not see or move add nobody; the bulk answer then says why each of the others
 * did not move. With one task this is exactly the single reassign's list.
 */
export async function bulkReassignableUsers(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskIds: readonly string[],
): Promise<UserSummary[]> {
  const tasks = await db
    .selectFrom('tasks')
    .selectAll()
    .where('tenant', '=', actor.tenant)
    .where('id', 'in', [...new Set(taskIds)])
    .execute();
  const visible = await visibleInstanceIds(
    db,
    actor,
    tasks.map((task) => task.instance_id),
  );
  const byId = new Map<string, UserSummary>();
  for (const task of tasks) {
    if (!visible.has(task.instance_id)) continue;
    for (const user of await reassignableUsers(db, actor, task)) byId.set(user.id, user);
  }
  return [...byId.values()].sort(
    (a, b) =>
      compareText(a.firstName, b.firstName) ||
      compareText(a.lastName, b.lastName) ||
      compareText(a.id, b.id),
  );
}

/** Orders like the database's name ordering of the single list (plain code-point order). */
const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The user a task may be given to by the actor, from {@link reassignableUsers}: a person
 * the task's segregation of duties excludes is refused with `SEGREGATION_OF_DUTIES` (403),
 * anyone else off the list with a 400 on `path`.
 */
export async function requireAssignee(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  task: StoredTask,
  userId: string,
  path: string,
): Promise<UserSummary> {
  const target = (await reassignableUsers(db, actor, task)).find((user) => user.id === userId);
  if (target) return target;
  if (await isExcluded(db, actor.tenant, task.id, userId)) {
    throw new AppError(SEGREGATED.statusCode, SEGREGATED.code, SEGREGATED.message);
  }
  throw new AppError(400, ErrorCode.validation, 'The task cannot be reassigned to this user.', {
    details: [{ path, code: 'notReassignable' }],
  });
}

// ---- the candidate list ----

/**
 * The claim rule in SQL for a query over tasks: open, unassigned, one of the claim grounds
 * holds (server/engine/claimRule.ts, a union of index ranges), and the task's segregation of
 * duties does not exclude the user. The candidate list and its counters use it, so a task
 * the user may not take is neither shown nor counted.
 */
export function candidateTaskCondition(
  task: ClaimableTaskColumns,
  scope: { readonly tenant: string; readonly user: string },
): AliasableExpression<SqlBool> {
  const eb = expressionBuilder<DatabaseSchema, never>();
  return eb.and([
    claimableCondition(task, scope),
    eb.not(excludedFromTask({ tenant: scope.tenant, task: task.id, user: scope.user })),
  ]);
}

// ---- segregation of duties ----

/** Whether the task's segregation of duties excludes the user (see segregationRule.ts). */
export async function isExcluded(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  taskId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectNoFrom(() => [
      excludedFromTask({ tenant, task: taskId, user: userId }).$castTo<boolean>().as('excluded'),
    ])
    .executeTakeFirstOrThrow();
  return row.excluded;
}

/**
 * Makes the engine keep segregation of duties inside its own transactions, whoever drives
 * it (routes, the demo seed): a claim or assignment that would give the task to a person it
 * excludes, or a completion by one, throws `SEGREGATION_OF_DUTIES` and rolls the change
 * back. Returns the unsubscribe function.
 */
export function guardTaskPolicy(engine: ProcessEngine): () => void {
  const refuse = (): never => {
    throw new AppError(SEGREGATED.statusCode, SEGREGATED.code, SEGREGATED.message);
  };
  const unsubscribers = [
    engine.onTaskAssigned(async ({ tenant, db, task }) => {
      if (task.assignee !== null && (await isExcluded(db, tenant, task.id, task.assignee))) {
        refuse();
      }
    }),
    engine.onTaskCompleted(async ({ tenant, db, task, actor }) => {
      if (await isExcluded(db, tenant, task.id, actor)) refuse();
    }),
  ];
  return () => {
    for (const unsubscribe of unsubscribers) unsubscribe();
  };
}
