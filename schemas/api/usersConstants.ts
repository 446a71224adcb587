// The users API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

import { apiRoute } from './apiRoute';

/** User-list and user-settings calls, one place for both sides. */
export const UserPath = {
  /** POST: the general user list (staff with access-task), searchable and paged. */
  query: '/api/query/users',
  /** GET: the users one task may be reassigned to (the spec's `/api/query/users/{a}/{b}`). */
  reassignable: apiRoute('/api/query/users/reassignable/:taskId'),
  /**
   * POST: the users a selection of tasks may be reassigned to, by the same rule as one task:
   * everyone at least one of the tasks may go to.
   */
  bulkReassignable: '/api/query/users/reassignable',
  /** GET and PATCH: the caller's own UI settings (a JSON object). */
  settings: '/api/task/user-settings',
} as const;
