import { ForbiddenError, UnauthorizedError } from '../api/errors';
import type { ToastStore } from './ToastStore';

/**
 * Whether a failure still needs a message of its own. A 401 and a 403 are already handled
 * app-wide (sign-in again, the privileges toast), so spec 000 section 8 has them ignored here.
 */
export function needsOwnMessage(error: unknown): boolean {
  return !(error instanceof UnauthorizedError) && !(error instanceof ForbiddenError);
}

/** Shows the 'try again' toast (or another key) for a failure that needs a message. */
export function reportFailure(
  toasts: ToastStore,
  error: unknown,
  key = 'common.serverErrorTryAgain',
  values?: Record<string, string | number>,
): void {
  if (needsOwnMessage(error)) toasts.showError(key, values);
}
