import type {
  CombinedTaskAnswer,
  CombinedTaskForm,
  FormValues,
  SaveDraftAnswer,
  SaveDraftBody,
  TaskFormAnswer,
} from '../../schemas/api/forms';
import { FormPath } from '../../schemas/api/forms';
import type { CompleteTaskAnswer, CompleteTaskBody } from '../../schemas/api/tasks';
import { TaskPath } from '../../schemas/api/tasks';
import { http } from './httpClient';

export type { CombinedTaskAnswer, CombinedTaskForm, FormValues, TaskFormAnswer };

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
  const response = await http.put<SaveDraftAnswer>(FormPath.draft(taskId), body);
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
  const response = await http.post<CompleteTaskAnswer>(TaskPath.complete(taskId), body);
  return response.data;
}
