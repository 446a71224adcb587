// The live inbox's path and event shapes, without any schema: the server pushes these to
// each signed-in browser over Server-Sent Events, so lists, counters, the bell and an open
// task page follow changes without a reload.

/** The live inbox's calls, one place for both sides. */
export const LivePath = {
  /**
   * GET, `text/event-stream`: the signed-in user's task events. A reconnect sends the last
   * event id it saw (`Last-Event-ID`, or `?lastEventId=` where a header cannot be set) and
   * receives what it missed first.
   */
  events: '/api/live/v1/events',
} as const;

/** The names of the stream's events (the SSE `event:` field). */
export const LiveStreamEvent = {
  /** A change to a task the user can see (its `data` is a `LiveTaskEvent`). */
  task: 'task',
  /**
   * The events since the given id are no longer kept (or the id is not one of the user's):
   * the browser reloads what it shows instead of applying them one by one. No `data` beyond `{}`.
   */
  resync: 'resync',
} as const;
/** One of `LiveStreamEvent`. */
export type LiveStreamEvent = (typeof LiveStreamEvent)[keyof typeof LiveStreamEvent];

/** What happened to a task. One event per change, sent to everyone it concerns. */
export const LiveTaskChange = {
  /** A new task: assigned to someone or offered to candidates. */
  created: 'created',
  /** Claimed, released to the pool, or reassigned: `assignee` and `previousAssignee` say how. */
  assigneeChanged: 'assigneeChanged',
  /** Completed, or cancelled (a deadline, a message, a withdrawn case): it left every list. */
  closed: 'closed',
  /** Someone commented on it. */
  commented: 'commented',
  /** Its due date changed. */
  dueDateChanged: 'dueDateChanged',
} as const;
/** One of `LiveTaskChange`. */
export type LiveTaskChange = (typeof LiveTaskChange)[keyof typeof LiveTaskChange];

/**
 * The `data` of a `task` event. It names what changed, never a value typed into the task:
 * the browser asks the usual calls for the rest.
 */
export interface LiveTaskEvent {
  change: LiveTaskChange;
  taskId: string;
  /** The task's assignee after the change; null when it sits in the pool. */
  assignee: string | null;
  /** The assignee before an `assigneeChanged`; null otherwise or when it was in the pool. */
  previousAssignee: string | null;
  /** The user who made the change; null when the engine did (a timer, a message, a worker). */
  actor: string | null;
  /** When it happened, ISO 8601. */
  at: string;
}

/** The stream sends a comment line this often, so proxies keep an idle connection open. */
export const LIVE_HEARTBEAT_MS = 25_000;

/** How long the browser waits before reconnecting a dropped stream (the SSE `retry:`). */
export const LIVE_RETRY_MS = 3_000;
