import type { Kysely } from 'kysely';
import { ErrorCode } from '../../schemas/api/common';
import type {
  CombinedTaskAnswer,
  CombinedTaskForm,
  FormDefinitionAnswer,
  SaveDraftAnswer,
  TaskFormAnswer,
} from '../../schemas/api/forms';
import type { DatabaseSchema } from '../db/schema';
import type { ProcessEngine, Variables } from '../engine';
import { AppError } from '../errors';
import { requireVisibleTask } from '../workflow/taskAccess';
import type { TaskActor } from '../workflow/taskActor';
import type { CompiledForm, CompiledPart } from './compileStoredForm';
import { formRepositoryFor } from './formRepository';
import { formNameOf, localizedNameOf, type StoredForm } from './storedForm';
import {
  currentTaskValues,
  fillPlainFormValues,
  loadProcessVariables,
  pickPartValues,
  type FormTask,
} from './taskFormValues';
import { requireValidSubmission } from './validateTaskSubmission';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A stored form as the definition calls answer it. */
export function toDefinitionAnswer(stored: StoredForm): FormDefinitionAnswer {
  return {
    id: stored.id,
    kind: stored.kind,
    version: stored.version,
    name: formNameOf(stored.definition),
    createdAt: stored.createdAt.toISOString(),
    definition: stored.definition,
  };
}

/** Only the assignee of an open task edits its form; everyone else who may see it reads. */
function isReadOnly(task: FormTask, actor: TaskActor): boolean {
  return task.state !== 'open' || task.assignee !== actor.userId;
}

// A visible task's form, compiled: 404 when it has none or it is not stored.
async function taskWithForm(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<{ task: FormTask; formKey: string; compiled: CompiledForm }> {
  const task = await requireVisibleTask(db, actor, taskId);
  const formKey = task.form_key;
  if (formKey === null) throw new AppError(404, ErrorCode.notFound, 'This task has no form.');
  // The form version the task's process version was deployed with.
  const compiled = await formRepositoryFor(db).compiledForDefinition(
    actor.tenant,
    formKey,
    task.definition_id,
  );
  if (!compiled) {
    throw new AppError(404, ErrorCode.notFound, `The task's form ${formKey} is not stored.`);
  }
  return { task, formKey, compiled };
}

// A plain form answered the Flowable way, with `value`s; other formats as written.
function definitionWithValues(
  kind: CompiledPart['kind'],
  definition: Readonly<Record<string, unknown>>,
  values: Readonly<Record<string, unknown>>,
  part: CompiledPart,
): Readonly<Record<string, unknown>> {
  if (kind !== 'plain') return definition;
  return fillPlainFormValues(definition, values, new Set(part.fields.map((field) => field.id)));
}

/**
 * The task page's form (`GET .../task-forms/{taskId}`): the stored definition of the
 * task's formKey at its latest version and what the form shows now, for anyone who may
 * see the task (404 for another tenant's or an unknown task, 403 for one not theirs).
 */
export async function loadTaskForm(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<TaskFormAnswer> {
  const { task, formKey, compiled } = await taskWithForm(db, actor, taskId);
  const { stored } = compiled;
  const current = currentTaskValues(await loadProcessVariables(db, task), task);
  const values = pickPartValues(current, compiled.parts);
  const [single] = compiled.parts;
  return {
    taskId: task.id,
    formKey,
    formId: stored.id,
    kind: stored.kind,
    version: stored.version,
    name: formNameOf(stored.definition),
    readOnly: isReadOnly(task, actor),
    definition:
      stored.kind === 'combined' || !single
        ? stored.definition
        : definitionWithValues(stored.kind, stored.definition, values, single),
    values,
  };
}

/**
 * A combined user task (`GET /api/query/v1/combined-user-task/{taskId}`): its definition
 * and, in order, each form it combines, resolved (the latest stored version of a
 * reference, or the form written inline) with that form's values. 404 unless the task's
 * form is a combined task.
 */
export async function loadCombinedTask(
  db: Kysely<DatabaseSchema>,
  actor: TaskActor,
  taskId: string,
): Promise<CombinedTaskAnswer> {
  const { task, formKey, compiled } = await taskWithForm(db, actor, taskId);
  const { stored } = compiled;
  if (stored.kind !== 'combined') {
    throw new AppError(404, ErrorCode.notFound, 'This task is not a combined user task.');
  }
  const current = currentTaskValues(await loadProcessVariables(db, task), task);
  const items = Array.isArray(stored.definition.forms) ? stored.definition.forms : [];
  const forms = compiled.parts.map((part, index): CombinedTaskForm => {
    const item: unknown = items[index];
    const ref = isRecord(item) && typeof item.ref === 'string' ? item.ref : undefined;
    const referenced = ref === undefined ? undefined : compiled.refs.get(ref);
    const values = pickPartValues(current, [part]);
    const source = ref === undefined ? item : referenced?.definition;
    return {
      index,
      formId: part.formId,
      kind: part.kind === 'designer' ? 'designer' : 'plain',
      version: part.resolved && referenced ? referenced.version : null,
      title: ref !== undefined && isRecord(item) ? localizedNameOf(item.title) : null,
      resolved: part.resolved,
      definition:
        part.resolved && isRecord(source)
          ? definitionWithValues(part.kind, source, values, part)
          : null,
      values,
    };
  });
  return {
    taskId: task.id,
    formKey,
    formId: stored.id,
    version: stored.version,
    name: formNameOf(stored.definition),
    readOnly: isReadOnly(task, actor),
    definition: stored.definition,
    forms,
  };
}

/**
 * Saves the assignee's draft of an open task (`PUT .../tasks/{taskId}/draft`): the values
 * are checked as a draft and refused with 422 and every problem, storing nothing; the
 * checked values replace the form's draft, or, for a combined task, that part's values in
 * the task's one draft (the other parts' values stay). 409 once completed, 403 for anyone
 * but the assignee.
 */
export async function saveTaskDraft(
  db: Kysely<DatabaseSchema>,
  engine: ProcessEngine,
  actor: TaskActor,
  taskId: string,
  body: { values: Readonly<Record<string, unknown>>; formId?: string | undefined },
): Promise<SaveDraftAnswer> {
  const task = await requireVisibleTask(db, actor, taskId);
  if (task.state !== 'open') {
    throw new AppError(409, ErrorCode.conflict, 'The task is already completed.');
  }
  if (task.assignee !== actor.userId) {
    throw new AppError(403, ErrorCode.forbidden, 'Only the assignee may save this task.');
  }
  const checked = await requireValidSubmission(db, actor.tenant, task, body.values, {
    mode: 'draft',
    ...(body.formId === undefined ? {} : { formId: body.formId }),
  });
  let draft: Record<string, unknown> = checked.values;
  const compiled =
    task.form_key === null
      ? undefined
      : await formRepositoryFor(db).compiledForDefinition(
          actor.tenant,
          task.form_key,
          task.definition_id,
        );
  if (compiled?.stored.kind === 'combined') {
    // One part replaces its own fields in the draft the parts share.
    const part = compiled.parts.find((candidate) => candidate.formId === checked.formId);
    const own = new Set(part?.fields.map((field) => field.id) ?? []);
    draft = Object.fromEntries([
      ...Object.entries(task.variables).filter(([id]) => !own.has(id)),
      ...Object.entries(checked.values),
    ]);
  }
  // Request bodies are JSON, and recomputed formula values are JSON values too.
  await engine.saveTaskDraft(actor.tenant, taskId, {
    userId: actor.userId,
    variables: draft as Variables,
  });
  return { taskId, formId: checked.formId, values: checked.values };
}
