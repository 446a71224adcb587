import { LiveTaskChange, type LiveTaskEvent } from '../../schemas/api/liveConstants';
import type { TaskDetail } from '../api/tasksApi';

/** Why an open task page stopped being the reader's to work on, told by the live inbox. */
export const LiveTaskNotice = {
  /** Someone else claimed it or was given it. */
  takenByOther: 'takenByOther',
  /** It was the reader's and went back to the pool. */
  released: 'released',
  /** It was completed or cancelled. */
  closed: 'closed',
} as const;
/** One of `LiveTaskNotice`. */
export type LiveTaskNotice = (typeof LiveTaskNotice)[keyof typeof LiveTaskNotice];

/** A notice outranks the ones before it in this order: closed says the most. */
const RANK: Record<LiveTaskNotice, number> = { released: 1, takenByOther: 2, closed: 3 };

/** The notice that stands once `next` arrives after `current`. */
export function strongerNotice(
  current: LiveTaskNotice | null,
  next: LiveTaskNotice | null,
): LiveTaskNotice | null {
  if (next === null) return current;
  if (current === null) return next;
  return RANK[next] > RANK[current] ? next : current;
}

/**
 * What a change to the task on screen means for its reader: closed for anyone; taken or
 * released only where it was theirs to work on (they held it, or could claim it), since a
 * page that was read-only already loses nothing. Null when the page may stay as it is,
 * including a change that gives the task to the reader (their own claim, or a colleague's
 * hand-over) and one the reader made themselves.
 */
export function liveTaskNotice(
  event: Pick<LiveTaskEvent, 'change' | 'taskId' | 'assignee' | 'actor'>,
  task: Pick<TaskDetail, 'id' | 'assignee' | 'permissions'>,
  userId: string,
): LiveTaskNotice | null {
  if (event.taskId !== task.id) return null;
  if (event.change === LiveTaskChange.closed) return LiveTaskNotice.closed;
  if (event.change !== LiveTaskChange.assigneeChanged) return null;
  // The reader's own claim, or their own hand-over, which the page already shows.
  if (event.assignee === userId || event.actor === userId) return null;
  const heldIt = task.assignee?.id === userId;
  const couldClaim = task.assignee === null && task.permissions.canClaim;
  if (!heldIt && !couldClaim) return null;
  if (event.assignee === null) return heldIt ? LiveTaskNotice.released : null;
  return LiveTaskNotice.takenByOther;
}
