import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import { Privilege } from '../../schemas/api/identity';
import type { ProcessInstancePermissions } from '../../schemas/api/processes';
import type { DatabaseSchema } from '../db/schema';
import { AppError } from '../errors';
import type { TaskActor } from './taskActor';
import type { TaskRefusal } from './taskPolicy';

/**
 * Who may do what to a whole process instance, beside the task policy (taskPolicy.ts), which
 * keeps reading an instance and everything done to one task. Its one action so far is
 * withdrawing the case:
 *
 * 1. the starter may, while nobody else has worked on it: no task of it completed by someone
 *    else, and none held by someone else (whoever claimed it, or was given it);
 * 2. the starter's supervisor (`users.manager_id`, the leader of the starter's team) may,
 *    whoever has worked on it, and so may holders of access-admin;
 * 3. only a running instance that no other instance called: a called process ends with its
 *    caller (withdraw that one).
 */

/** The actions on a whole instance that {@link INSTANCE_RULES} rules on. */
export const InstanceAction = { withdraw: 'withdraw' } as const;
/** One of `InstanceAction`. */
export type InstanceAction = (typeof InstanceAction)[keyof typeof InstanceAction];

/** What the rules know about one instance and one actor. */
export interface InstanceFacts {
  readonly instanceId: string;
  readonly startedBy: string;
  readonly ended: boolean;
  /** Another instance's call activity started it. */
  readonly called: boolean;
  /** Someone other than the starter completed or holds one of its tasks. */
  readonly othersActed: boolean;
  /** The actor is the starter's supervisor. */
  readonly supervisesStarter: boolean;
}

const refusal = (statusCode: 403 | 409, message: string): TaskRefusal => ({
  statusCode,
  code: statusCode === 403 ? ErrorCode.forbidden : ErrorCode.conflict,
  message,
});

/**
 * One rule per action: null when the actor may, the refusal otherwise. Rights come first,
 * so someone with no say over the case learns nothing about its state.
 */
const INSTANCE_RULES: Record<
  InstanceAction,
  (facts: InstanceFacts, actor: TaskActor) => TaskRefusal | null
> = {
  withdraw: (facts, actor) => {
    const oversees = facts.supervisesStarter || actor.privileges.includes(Privilege.accessAdmin);
    const starter = facts.startedBy === actor.userId;
    if (!oversees && !starter) return refusal(403, 'You may not withdraw this case.');
    if (facts.ended) return refusal(409, 'The case has already ended.');
    if (facts.called) {
      return refusal(409, 'This case was started by another one: withdraw that one instead.');
    }
    if (!oversees && facts.othersActed) {
      return refusal(
        403,
        'Someone else has worked on this case: only a supervisor may withdraw it now.',
      );
    }
    return null;
  },
};

/**
 * The {@link InstanceFacts} of an instance of the actor's tenant, in one query (the
 * instance's tasks by `tasks_instance_idx`); undefined when there is no such instance.
 * Inside a transaction that holds the instance's lock it reads what the change will see.
 */
export async function loadInstanceFacts(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceId: string,
): Promise<InstanceFacts | undefined> {
  const row = await db
    .selectFrom('process_instances as i')
    .select((eb) => [
      'i.id',
      'i.started_by',
      'i.ended_at',
      'i.parent_instance_id',
      eb
        .exists(
          eb
            .selectFrom('users as su')
            .select('su.id')
            .whereRef('su.tenant', '=', 'i.tenant')
            .whereRef('su.id', '=', 'i.started_by')
            .where('su.manager_id', '=', actor.userId),
        )
        .$castTo<boolean>()
        .as('supervises_starter'),
      eb
        .exists(
          eb
            .selectFrom('tasks as t')
            .select('t.id')
            .whereRef('t.tenant', '=', 'i.tenant')
            .whereRef('t.instance_id', '=', 'i.id')
            .where((other) =>
              other.or([
                other.and([
                  other('t.state', '=', 'open'),
                  other('t.assignee', 'is not', null),
                  other('t.assignee', '<>', other.ref('i.started_by')),
                ]),
                other.and([
                  other('t.completed_by', 'is not', null),
                  other('t.completed_by', '<>', other.ref('i.started_by')),
                ]),
              ]),
            ),
        )
        .$castTo<boolean>()
        .as('others_acted'),
    ])
    .where('i.tenant', '=', actor.tenant)
    .where('i.id', '=', instanceId)
    .executeTakeFirst();
  if (row === undefined) return undefined;
  return {
    instanceId: row.id,
    startedBy: row.started_by,
    ended: row.ended_at !== null,
    called: row.parent_instance_id !== null,
    othersActed: row.others_acted,
    supervisesStarter: row.supervises_starter,
  };
}

/** The refusal of an action on an instance, or null when the facts allow it. */
export function instanceRefusalOf(
  action: InstanceAction,
  facts: InstanceFacts,
  actor: TaskActor,
): TaskRefusal | null {
  return INSTANCE_RULES[action](facts, actor);
}

/**
 * Asks the policy before an action on an instance: returns when the actor may, throws the
 * refusal otherwise (404 for an instance not in the actor's tenant). Pass the transaction
 * that holds the instance's lock to rule on the state the change will act on.
 */
export async function authorizeInstance(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  instanceId: string,
  action: InstanceAction,
): Promise<InstanceFacts> {
  const facts = await loadInstanceFacts(db, actor, instanceId);
  if (facts === undefined) {
    throw new AppError(404, ErrorCode.notFound, 'There is no such process instance.');
  }
  const refused = instanceRefusalOf(action, facts, actor);
  if (refused) throw new AppError(refused.statusCode, refused.code, refused.message);
  return facts;
}

/** What the instance page may offer the actor, by the same rules. */
export function instancePermissionsOf(
  facts: InstanceFacts,
  actor: TaskActor,
): ProcessInstancePermissions {
  return { canWithdraw: instanceRefusalOf('withdraw', facts, actor) === null };
}
