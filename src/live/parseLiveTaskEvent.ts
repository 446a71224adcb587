import { LiveTaskChange, type LiveTaskEvent } from '../../schemas/api/liveConstants';

const CHANGES = new Set<string>(Object.values(LiveTaskChange));

function isNullableString(value: unknown): value is string | null {
  return value === null || typeof value === 'string';
}

/**
 * Reads the `data` of a `task` event; null when it is not a `LiveTaskEvent` (not JSON, an
 * unknown change, a field of the wrong type). A stream is read as untrusted input: one bad
 * event is dropped, never allowed to stop the ones after it.
 */
export function parseLiveTaskEvent(data: unknown): LiveTaskEvent | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const event = value as Record<string, unknown>;
  const { change, taskId, assignee, previousAssignee, actor, at } = event;
  if (typeof change !== 'string' || !CHANGES.has(change)) return null;
  if (typeof taskId !== 'string' || taskId === '') return null;
  if (!isNullableString(assignee) || !isNullableString(actor)) return null;
  // Older or leaner senders may leave out what is null anyway.
  const previous = previousAssignee ?? null;
  if (!isNullableString(previous)) return null;
  if (typeof at !== 'string') return null;
  return {
    change: change as LiveTaskChange,
    taskId,
    assignee,
    previousAssignee: previous,
    actor,
    at,
  };
}
