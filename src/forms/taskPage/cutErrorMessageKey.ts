import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NetworkError,
  UnauthorizedError,
  UnprocessableError,
} from '../../api/errors';

/**
 * The `tasks.cutErrorMessage` variant for a combined task's part that could not be saved on
 * the way to another part (spec 001 section 8): refused values, a task that changed meanwhile,
 * no connection, or the general one; none for a 401 or a 403, which are handled app-wide.
 */
export function cutErrorMessageKey(error: unknown): string | null {
  if (error instanceof UnauthorizedError || error instanceof ForbiddenError) return null;
  if (error instanceof UnprocessableError || error instanceof BadRequestError) {
    return 'tasks.cutErrorMessageRefused';
  }
  if (error instanceof ConflictError) return 'tasks.cutErrorMessageConflict';
  if (error instanceof NetworkError) return 'tasks.cutErrorMessageOffline';
  return 'tasks.cutErrorMessage';
}
