import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../db/schema';
import { requireValidSubmission } from '../../forms/validateTaskSubmission';
import type { StoredTask } from '../../policies/taskPolicy';
import type { TaskSubmission } from '../../workflow/taskActions';
import { withRecordedAnswers } from '../../webhooks/webhookAnswers';

/**
 * Checks a completion against the task's form before the engine moves on (the workflow's
 * `CompletionCheck`, given to it here so the workflow area does not depend on the forms
 * area, which reads the workflow's task access): the form's
 * server-side check in submit mode (required fields, blocking messages, field rules,
 * recomputed formulas, the outcome among the form's). Answers the values to complete with
 * and throws the 422 `VALIDATION_ERROR` listing every problem, so nothing is stored.
 */
export async function checkTaskCompletion(
  db: Kysely<DatabaseSchema>,
  task: StoredTask,
  submission: TaskSubmission,
): Promise<Readonly<Record<string, unknown>>> {
  const checked = await requireValidSubmission(db, task.tenant, task, submission.values, {
    mode: 'submit',
    ...(submission.outcome === undefined ? {} : { outcome: submission.outcome }),
    ...(submission.formId === undefined ? {} : { formId: submission.formId }),
  });
  // A webhook's answer (the credit bureau's score) is the server's record, never the client's.
  return withRecordedAnswers(db, task, checked.values);
}
