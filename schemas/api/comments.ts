import { Type, type Static } from '@sinclair/typebox';
import { routePatterns } from './apiRoute';

import { CommentPath } from './commentsConstants';

export * from './commentsConstants';

/** Route patterns of the calls above, as the server registers them. */
export const CommentRoute = routePatterns(CommentPath);

/** At most this many task ids per availability call (the largest dashboard page). */
export const COMMENT_AVAILABILITY_LIMIT = 200;

/**
 * One comment (spec 001 section 3, "Comment"). A reassignment writes one with
 * `isReassigned: true` and `reassigneeName`; its text may be empty. `isRead` is the caller's
 * read state before this answer (own comments count as read). `createdTime` is ISO 8601 UTC.
 */
export const Comment = Type.Object({
  id: Type.Integer(),
  processInstanceId: Type.String(),
  taskId: Type.String(),
  taskName: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  comment: Type.String(),
  createdTime: Type.String(),
  isReassigned: Type.Boolean(),
  isRead: Type.Boolean(),
  reassigneeName: Type.Union([Type.String(), Type.Null()]),
});
export type Comment = Static<typeof Comment>;

/** Params of the instance comments call. */
export const CommentInstanceParams = Type.Object({
  processInstanceId: Type.String({ minLength: 1, maxLength: 100 }),
});
export type CommentInstanceParams = Static<typeof CommentInstanceParams>;

/** `GET /api/task/comments/{processInstanceId}` answer. */
export const CommentsAnswer = Type.Object({ result: Type.Array(Comment) });
export type CommentsAnswer = Static<typeof CommentsAnswer>;

/**
 * `POST /api/task/comments` body. `comment` is trimmed and must then be 1 to 250
 * characters; `taskName` is what the client showed, the stored name is used.
 */
export const AddCommentBody = Type.Object(
  {
    taskName: Type.String({ maxLength: 500 }),
    taskId: Type.String({ minLength: 1, maxLength: 100 }),
    processInstanceId: Type.String({ minLength: 1, maxLength: 100 }),
    comment: Type.String({ maxLength: 2000 }),
  },
  { additionalProperties: false },
);
export type AddCommentBody = Static<typeof AddCommentBody>;

/** `POST /api/task/comments` answer: the stored comment. */
export const AddCommentAnswer = Type.Object({ result: Comment });
export type AddCommentAnswer = Static<typeof AddCommentAnswer>;

/** `POST /api/task/comments/availability` body. */
export const CommentAvailabilityBody = Type.Object(
  {
    taskIds: Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      minItems: 1,
      maxItems: COMMENT_AVAILABILITY_LIMIT,
    }),
  },
  { additionalProperties: false },
);
export type CommentAvailabilityBody = Static<typeof CommentAvailabilityBody>;

/**
 * Comment status of one task (spec 000 section 3). `commentAvailable`: the task has a
 * comment with text. `read`: the caller has read every such comment (or wrote it). A task
 * the caller may not see answers like a task without comments.
 */
export const CommentStatus = Type.Object({
  taskId: Type.String(),
  commentAvailable: Type.Boolean(),
  read: Type.Boolean(),
});
export type CommentStatus = Static<typeof CommentStatus>;

/** `POST /api/task/comments/availability` answer, in the order of the request. */
export const CommentAvailabilityAnswer = Type.Object({ result: Type.Array(CommentStatus) });
export type CommentAvailabilityAnswer = Static<typeof CommentAvailabilityAnswer>;
