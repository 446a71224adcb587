import { randomUUID } from 'node:crypto';
import { toTask } from '../commands/engineRows';
import type { UserTaskNode } from '../processModel';
import { resolveUserTask } from '../runner/resolveUserTask';
import type { RunContext, Token } from '../runner/runContext';

/** A user task's work: the token rests while a person does the task it creates. */
export async function executeUserTask(
  node: UserTaskNode,
  token: Token,
  run: RunContext,
): Promise<void> {
  await run.park(token, 'active');
  await createTask(node, token, run);
}

async function createTask(node: UserTaskNode, token: Token, run: RunContext): Promise<void> {
  const { db, instance, dependencies } = run;
  // 1. Fill in the templates from the variables as they stand now (an item's own too).
  const variables = await run.scopeVariables(token.parentId, token.id);
  const resolved = resolveUserTask(
    node,
    variables,
    {
      instanceStartedAt: instance.startedAt,
      taskCreatedAt: dependencies.now,
      startedBy: instance.startedBy,
    },
    await run.valueDisplay(),
  );
  // 2. Write the task and its candidates.
  const row = await db
    .insertInto('tasks')
    .values({
      id: randomUUID(),
      tenant: instance.tenant,
      instance_id: instance.id,
      definition_id: instance.definitionId,
      execution_id: token.id,
      element_id: node.id,
      name: resolved.name,
      display_names: JSON.stringify(resolved.displayNames),
      description: resolved.descriptions?.en ?? null,
      display_descriptions:
        resolved.descriptions === null ? null : JSON.stringify(resolved.descriptions),
      form_key: resolved.formKey,
      assignee: resolved.assignee,
      created_at: dependencies.now,
      due_date: resolved.dueDate,
      state: 'open',
      completed_at: null,
      completed_by: null,
      outcome: null,
      variables: '{}',
      initiator_can_complete: resolved.initiatorCanCompleteTask,
      priority: resolved.priority,
      exclude_performers_of: [...resolved.segregation.performersOf],
      exclude_initiator: resolved.segregation.initiator,
      exclude_any_performer: resolved.segregation.anyPerformer,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const candidateRows = [
    ...resolved.candidateUsers.map((principal) => ({ kind: 'user' as const, principal })),
    ...resolved.candidateGroups.map((principal) => ({ kind: 'group' as const, principal })),
  ].map((candidate) => ({ ...candidate, tenant: instance.tenant, task_id: row.id }));
  if (candidateRows.length > 0) {
    await db.insertInto('task_candidates').values(candidateRows).execute();
  }
  // 3. Record it and tell the subscribers, inside the same transaction.
  const candidates = { users: resolved.candidateUsers, groups: resolved.candidateGroups };
  await run.history(
    'taskCreated',
    { elementId: node.id, name: row.name, assignee: row.assignee, candidates },
    row.id,
  );
  await dependencies.onTaskCreated(toTask(row), candidates);
}
