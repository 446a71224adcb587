import { expressionBuilder, type ExpressionWrapper, type SqlBool } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { ValueOrRef } from '../engine';

/** Whom to test against which task, within which tenant. */
export interface SegregationScope {
  readonly tenant: string;
  /** The task (an id, or a column of the surrounding query such as `t.id`). */
  readonly task: ValueOrRef;
  /** The person who would claim, be given or complete it (an id, or a column such as `u.id`). */
  readonly user: ValueOrRef;
}

const eb = expressionBuilder<DatabaseSchema, never>();

/**
 * Segregation of duties in SQL, the one home every check uses (claim, completion, the
 * candidate list, reassignment targets, the engine listeners): whether the task's exclusions
 * (copied onto the task row from its definition: `exclude_initiator`,
 * `exclude_any_performer`, `exclude_performers_of`) shut the user out. The task is found by
 * primary key; its instance's starter and the completers of the instance's other tasks by
 * `tasks_instance_idx`, so the check costs a few index probes per task whatever the tenant's
 * size. The task itself never counts as a performer of its own exclusions: it is being
 * completed when the completion is checked.
 */
export function excludedFromTask({
  tenant,
  task,
  user,
}: SegregationScope): ExpressionWrapper<DatabaseSchema, never, SqlBool> {
  return eb.exists(
    eb
      .selectFrom('tasks as x')
      .innerJoin('process_instances as xi', (join) =>
        join.onRef('xi.tenant', '=', 'x.tenant').onRef('xi.id', '=', 'x.instance_id'),
      )
      .select('x.id')
      .where('x.tenant', '=', tenant)
      .where('x.id', '=', task)
      // Most tasks exclude nobody: their own columns say so before any other row is read.
      .where((own) =>
        own.or([
          own('x.exclude_initiator', '=', true),
          own('x.exclude_any_performer', '=', true),
          own(own.fn<number>('cardinality', ['x.exclude_performers_of']), '>', 0),
        ]),
      )
      .where((inner) =>
        inner.or([
          inner.and([inner('x.exclude_initiator', '=', true), inner('xi.started_by', '=', user)]),
          inner.exists(
            inner
              .selectFrom('tasks as p')
              .select('p.id')
              .whereRef('p.tenant', '=', 'x.tenant')
              .whereRef('p.instance_id', '=', 'x.instance_id')
              .where('p.state', '=', 'completed')
              .where('p.completed_by', '=', user)
              .whereRef('p.id', '<>', 'x.id')
              .where((performer) =>
                performer.or([
                  performer('x.exclude_any_performer', '=', true),
                  performer('p.element_id', '=', performer.fn.any('x.exclude_performers_of')),
                ]),
              ),
          ),
        ]),
      ),
  );
}
