import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import { requireValidSubmission } from '../forms/validateTaskSubmission';
import type { StoredTask } from './taskAccess';

/** What a task completion submits: the outcome button, the form's values and its part. */
export interface TaskSubmission {
  readonly outcome: string | undefined;
  readonly values: Readonly<Record<string, unknown>>;
  /** The part of a combined task that submits; its submitting part by default. */
  readonly formId?: string | undefined;
}

/**
 * Checks a completion against the task's form before the engine moves on: the form's
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
  return checked.values;
}
