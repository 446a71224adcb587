// The comments API's paths, enums and limits, without any schema: what the client imports
// at start-up, so the sign-in page never loads the schema library.

import { apiRoute } from './apiRoute';

/** Comment calls (spec 001 sections 3 and 7); the paths are not shown there and chosen here. */
export const CommentPath = {
  /** GET: every comment of a process instance, newest first; marks them read for the caller. */
  ofInstance: apiRoute('/api/task/comments/:processInstanceId'),
  /** POST: add a comment to a task. */
  add: '/api/task/comments',
  /** POST: whether each task has comments with text, and whether the caller read them all. */
  availability: '/api/task/comments/availability',
} as const;

/** Longest comment, counted after trimming (spec 001 section 5). */
export const COMMENT_MAX_LENGTH = 250;
