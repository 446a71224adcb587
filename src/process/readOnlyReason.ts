import { ErrorCode } from '../../schemas/api/commonConstants';
import type { TaskDetail } from '../api/tasksApi';

/** Why the task page is read-only for the user, where one sentence can say it. */
export const ReadOnlyReason = {
  /** Free, and theirs to claim: claiming it opens it for editing. */
  claimable: 'claimable',
  /** Free, but four eyes keep them from it: they worked on the case before. */
  segregated: 'segregated',
  /** Free, but not offered to them (neither a candidate nor the initiator it allows). */
  notCandidate: 'notCandidate',
  /** Theirs, but four eyes keep them from completing it. */
  mayNotComplete: 'mayNotComplete',
} as const;
/** One of `ReadOnlyReason`. */
export type ReadOnlyReason = (typeof ReadOnlyReason)[keyof typeof ReadOnlyReason];

/**
 * Why an open task is read-only for the user, from what the server says they may do and,
 * where they may not, the code it would refuse them with; null when it is theirs to work on,
 * or someone else's, or no longer open (those say it elsewhere on the page).
 */
export function readOnlyReason(
  task: Pick<TaskDetail, 'taskStatus' | 'assignee' | 'permissions' | 'refusals'>,
  userId: string | undefined,
): ReadOnlyReason | null {
  if (task.taskStatus !== 'OPEN') return null;
  if (task.assignee === null) {
    if (task.permissions.canClaim) return ReadOnlyReason.claimable;
    return task.refusals.claim === ErrorCode.segregationOfDuties
      ? ReadOnlyReason.segregated
      : ReadOnlyReason.notCandidate;
  }
  if (task.assignee.id === userId && task.refusals.complete === ErrorCode.segregationOfDuties) {
    return ReadOnlyReason.mayNotComplete;
  }
  return null;
}
