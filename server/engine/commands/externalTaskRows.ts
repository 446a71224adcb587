import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import type { Variables } from '../expressions/expressionAst';
import type { ExternalTask } from '../processEngineTypes';
import { visibleLocals } from '../runner/executionRows';

/** Scopes nest a few levels deep; the bound only guards against a corrupt cycle. */
const maxScopeDepth = 100;

/**
 * External task rows with what a worker or a list shows beside them: the instance's
 * business key and the process key. Ended instances have no external tasks (their tokens
 * and tasks went with them), so every row joins a running instance.
 */
export function externalTaskView(db: Kysely<DatabaseSchema>, tenant: string) {
  return db
    .selectFrom('process_external_tasks as t')
    .innerJoin('process_instances as i', (join) =>
      join.onRef('i.tenant', '=', 't.tenant').onRef('i.id', '=', 't.instance_id'),
    )
    .innerJoin('process_definitions as d', (join) =>
      join.onRef('d.tenant', '=', 'i.tenant').onRef('d.id', '=', 'i.definition_id'),
    )
    .select([
      't.id',
      't.tenant',
      't.topic',
      't.instance_id',
      't.execution_id',
      't.element_id',
      't.worker_id',
      't.lock_expires_at',
      't.retries',
      't.error_message',
      't.created_at',
      'i.business_key',
      'd.key as definition_key',
    ])
    .where('t.tenant', '=', tenant);
}

/** One row of {@link externalTaskView}. */
export type ExternalTaskViewRow = Awaited<
  ReturnType<ReturnType<typeof externalTaskView>['executeTakeFirstOrThrow']>
>;

/** Maps a row of {@link externalTaskView} to the engine's API shape. */
export function toExternalTask(row: ExternalTaskViewRow): ExternalTask {
  return {
    id: row.id,
    tenant: row.tenant,
    topic: row.topic,
    instanceId: row.instance_id,
    businessKey: row.business_key,
    processDefinitionKey: row.definition_key,
    elementId: row.element_id,
    workerId: row.worker_id,
    lockExpiresAt: row.lock_expires_at,
    retries: row.retries,
    errorMessage: row.error_message,
    createdAt: row.created_at,
  };
}

/**
 * The variables each task's token sees, as a user task made there would: the instance's,
 * overlaid by the local variables of every execution around the token, outermost first,
 * down to the token's own (a multi-instance item's element variable and `loopCounter`).
 * The executions are read a level at a time for all the tasks together.
 */
export async function variablesAtTokens(
  db: Kysely<DatabaseSchema>,
  tenant: string,
  tasks: readonly { readonly executionId: string; readonly instanceVariables: Variables }[],
): Promise<Variables[]> {
  const executions = new Map<string, { parentId: string | null; locals: Variables }>();
  let wanted = [...new Set(tasks.map((task) => task.executionId))];
  for (let depth = 0; wanted.length > 0 && depth < maxScopeDepth; depth += 1) {
    const found = await db
      .selectFrom('process_executions')
      .select(['id', 'parent_id', 'local_variables'])
      .where('tenant', '=', tenant)
      .where('id', 'in', wanted)
      .execute();
    for (const row of found) {
      executions.set(row.id, { parentId: row.parent_id, locals: row.local_variables });
    }
    wanted = [
      ...new Set(
        found.flatMap((row) =>
          row.parent_id === null || executions.has(row.parent_id) ? [] : [row.parent_id],
        ),
      ),
    ];
  }
  return tasks.map((task) => {
    const layers: Variables[] = [];
    let id: string | null = task.executionId;
    for (let depth = 0; id !== null && depth < maxScopeDepth; depth += 1) {
      const execution = executions.get(id);
      if (execution === undefined) break;
      layers.unshift(visibleLocals(execution.locals));
      id = execution.parentId;
    }
    // Entries, not assignment: a variable named `__proto__` stays a variable.
    return Object.fromEntries(
      [task.instanceVariables, ...layers].flatMap((layer) => Object.entries(layer)),
    );
  });
}

/** Only the variables named, of those there are; all of them when no list is given. */
export function pickVariables(variables: Variables, names: readonly string[] | null): Variables {
  if (names === null) return variables;
  return Object.fromEntries(
    names.flatMap((name) => {
      const value = Object.hasOwn(variables, name) ? variables[name] : undefined;
      return value === undefined ? [] : [[name, value] as const];
    }),
  );
}
