import type {
  CombinedTaskAnswer,
  CombinedTaskForm,
  CompileFinding,
  FormDefinitionAnswer,
  FormListAnswer,
  FormSummary,
  FormValues,
  PreviewAnswer,
  SaveDraftAnswer,
  SaveDraftBody,
  TaskFormAnswer,
} from '../../schemas/api/forms';
import { FormPath } from '../../schemas/api/forms';
import type { CompleteTaskAnswer, CompleteTaskBody } from '../../schemas/api/tasks';
import { TaskPath } from '../../schemas/api/tasksConstants';
import { http, sendKeyedWrite } from './httpClient';

export type {
  CombinedTaskAnswer,
  CombinedTaskForm,
  CompileFinding,
  FormDefinitionAnswer,
  FormSummary,
  FormValues,
  PreviewAnswer,
  TaskFormAnswer,
};

/** A task's form definition, its kind and the values it shows now. */
export async function fetchTaskForm(taskId: string): Promise<TaskFormAnswer> {
  const response = await http.get<TaskFormAnswer>(FormPath.taskForm(taskId));
  return response.data;
}

/** A combined user task (formKey `CUT-...`) with each of its forms resolved and its values. */
export async function fetchCombinedTask(taskId: string): Promise<CombinedTaskAnswer> {
  const response = await http.get<CombinedTaskAnswer>(FormPath.combinedTask(taskId));
  return response.data;
}

/**
 * Saves the assignee's draft of a task's form; `formId` names the part of a combined task.
 * A 422 rejects with an `UnprocessableError` whose `details` name the refused fields.
 */
export async function saveDraft(
  taskId: string,
  values: FormValues,
  formId?: string,
): Promise<SaveDraftAnswer> {
  const body: SaveDraftBody = formId ? { values, formId } : { values };
  const response = await sendKeyedWrite<SaveDraftAnswer>({
    method: 'PUT',
    url: FormPath.draft(taskId),
    data: body,
  });
  return response.data;
}

/** Completes one's own task with the outcome pressed and the form's values. */
export async function completeTask(
  taskId: string,
  outcome: string,
  values: FormValues,
  formId?: string,
): Promise<CompleteTaskAnswer> {
  const body: CompleteTaskBody = formId ? { outcome, values, formId } : { outcome, values };
  const response = await sendKeyedWrite<CompleteTaskAnswer>({
    method: 'POST',
    url: TaskPath.complete(taskId),
    data: body,
  });
  return response.data;
}

/** Every stored form of the tenant at its latest version, without bodies (access-test). */
export async function fetchFormList(): Promise<FormSummary[]> {
  const response = await http.get<FormListAnswer>(FormPath.list);
  return response.data.data;
}

/** The latest stored definition of a form, as its author wrote it (access-test). */
export async function fetchFormDefinition(formId: string): Promise<FormDefinitionAnswer> {
  const response = await http.get<FormDefinitionAnswer>(FormPath.form(formId));
  return response.data;
}

/**
 * Compiles a definition on the server for the author preview (access-test): the compiled
 * form, or the format's schema errors, with warnings and a combined task's references.
 */
export async function previewForm(definition: unknown): Promise<PreviewAnswer> {
  const response = await http.post<PreviewAnswer>(FormPath.preview, { definition });
  return response.data;
}
