import type { Selectable } from 'kysely';
import type { ProcessDefinitionsTable, ProcessInstancesTable, TasksTable } from '../engineTables';
import type { ProcessDefinition, ProcessInstance, Task } from '../processEngineTypes';
import type { Variables } from '../expressions/expressionAst';
import type { RunningInstance } from '../runner/TokenRunner';

/** A definition row as read. */
export type DefinitionRow = Selectable<ProcessDefinitionsTable>;
/** An instance row as read. */
export type InstanceRow = Selectable<ProcessInstancesTable>;
/** A task row as read. */
export type TaskRow = Selectable<TasksTable>;

/** Maps a definition row to the engine's API shape. */
export function toProcessDefinition(row: DefinitionRow): ProcessDefinition {
  return {
    id: row.id,
    tenant: row.tenant,
    key: row.key,
    name: row.name,
    version: row.version,
    category: row.category,
    description: row.description,
    deployedAt: row.deployed_at,
    model: row.model,
  };
}

/**
 * The facts a run of a stored instance needs, from its row and definition; `variables` is
 * the run's own copy, which handlers update in place.
 */
export function toRunningInstance(
  row: InstanceRow,
  definition: DefinitionRow,
  variables: Variables,
): RunningInstance {
  return {
    id: row.id,
    tenant: row.tenant,
    definitionId: definition.id,
    definitionKey: definition.key,
    startedBy: row.started_by,
    startedAt: row.started_at,
    variables,
  };
}

/** Maps an instance row and its definition to the engine's API shape. */
export function toProcessInstance(row: InstanceRow, definition: DefinitionRow): ProcessInstance {
  return {
    id: row.id,
    tenant: row.tenant,
    name: row.name,
    displayNames: row.display_names,
    businessKey: row.business_key,
    definitionId: definition.id,
    definitionKey: definition.key,
    definitionName: definition.name,
    definitionDescription: definition.description,
    definitionCategory: definition.category,
    definitionVersion: definition.version,
    startedBy: row.started_by,
    startedAt: row.started_at,
    endedAt: row.ended_at,
    status: row.ended_at === null ? 'On-going' : 'Completed',
    variables: row.variables,
    version: row.version,
  };
}

/** Maps a task row to the engine's API shape. */
export function toTask(row: TaskRow): Task {
  return {
    id: row.id,
    tenant: row.tenant,
    instanceId: row.instance_id,
    definitionId: row.definition_id,
    elementId: row.element_id,
    name: row.name,
    displayNames: row.display_names,
    description: row.description,
    displayDescriptions: row.display_descriptions,
    formKey: row.form_key,
    assignee: row.assignee,
    createdAt: row.created_at,
    dueDate: row.due_date,
    state: row.state,
    completedAt: row.completed_at,
    completedBy: row.completed_by,
    outcome: row.outcome,
    variables: row.variables,
    initiatorCanCompleteTask: row.initiator_can_complete,
    seenByAssignee: row.seen_by_assignee,
    priority: row.priority,
  };
}
