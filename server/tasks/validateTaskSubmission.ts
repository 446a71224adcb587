import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema';
import type { StoredTask } from './taskAccess';

/** What a task completion submits: the outcome button and the form's values. */
export interface TaskSubmission {
  readonly outcome: string | undefined;
  readonly values: Readonly<Record<string, unknown>>;
}

/**
 * The hook where a task's form checks a completion before the engine moves on. It answers
 * the values to complete with (a form may drop keys it does not own or recompute formulas)
 * and throws a 422 `VALIDATION_ERROR` `AppError` listing the problems to refuse it. Until
 * the forms area's check (`requireValidSubmission` in server/forms, mode `submit`) is
 * plugged in here, every submission is accepted as sent.
 */
export async function validateTaskSubmission(
  _db: Kysely<DatabaseSchema>,
  _task: StoredTask,
  submission: TaskSubmission,
): Promise<Readonly<Record<string, unknown>>> {
  return submission.values;
}
