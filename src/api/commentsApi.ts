import { COMMENT_MAX_LENGTH, CommentPath } from '../../schemas/api/commentsConstants';
import type { AddCommentBody, Comment, CommentsAnswer } from '../../schemas/api/comments';
import { http, sendKeyedWrite } from './httpClient';

export { COMMENT_MAX_LENGTH };
export type { AddCommentBody, Comment };

/** Every comment of a process instance, newest first; the server marks them read. */
export async function fetchComments(processInstanceId: string): Promise<Comment[]> {
  const response = await http.get<CommentsAnswer>(CommentPath.ofInstance(processInstanceId));
  return response.data.result;
}

/** Adds a comment to a task, once however often a lost answer makes the client resend it. */
export async function addComment(comment: AddCommentBody): Promise<void> {
  await sendKeyedWrite({ method: 'POST', url: CommentPath.add, data: comment });
}

/** The comments the team popup shows: the first `limit` that have text (spec 000 section 2). */
export function commentsWithText(comments: readonly Comment[], limit = 3): Comment[] {
  return comments.filter((comment) => comment.comment.trim() !== '').slice(0, limit);
}
