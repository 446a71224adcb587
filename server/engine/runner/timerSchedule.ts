import { addIsoDuration, parseIsoDuration, type IsoDuration } from './parseIsoDuration';
import type { TimerModel } from '../processModel';

/** A `timeCycle` read: how many times (null for ever), from when, and how often. */
export interface TimerCycle {
  readonly repeats: number | null;
  readonly start: Date | null;
  readonly every: IsoDuration;
  readonly everyText: string;
}

// ISO 8601 repeating intervals as Flowable accepts them: `R3/PT10M`, `R/P1D`,
// `R2/2026-03-02T09:00:00Z/PT1H`.
const cyclePattern = /^R(\d*)\/(?:([^/]+)\/)?(P[^/]+)$/;

/** Reads an ISO repeating interval; undefined when the text is not one. */
export function parseTimerCycle(text: string): TimerCycle | undefined {
  const match = cyclePattern.exec(text.trim());
  if (!match) return undefined;
  const [, count, startText, everyText] = match;
  const every = parseIsoDuration(everyText ?? '');
  // A period of no length would fire for ever at one instant.
  if (every === undefined || Object.values(every).every((part) => part === 0)) return undefined;
  const start = startText === undefined ? null : parseTimerDate(startText);
  if (start === undefined) return undefined;
  const repeats = count === undefined || count === '' ? null : Number(count);
  if (repeats !== null && repeats < 1) return undefined;
  return { repeats, start, every, everyText: everyText ?? '' };
}

/** Reads an ISO date-time (with a zone, or UTC when none is given); undefined otherwise. */
export function parseTimerDate(text: string): Date | undefined {
  const trimmed = text.trim();
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)) {
    return undefined;
  }
  const zoned = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(trimmed) || !trimmed.includes('T');
  const date = new Date(zoned ? trimmed : `${trimmed}Z`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** Whether the literal text of a timer is well formed for its type. */
export function isValidTimerText(type: TimerModel['type'], text: string): boolean {
  switch (type) {
    case 'duration':
      return parseIsoDuration(text) !== undefined;
    case 'date':
      return parseTimerDate(text) !== undefined;
    case 'cycle':
      return parseTimerCycle(text) !== undefined;
  }
}

/** When a timer first fires, and what is left of a cycle after that firing. */
export interface TimerDue {
  readonly dueAt: Date;
  /** Repeats left after the first firing (-1 for ever), or null for a one-off timer. */
  readonly repeatRemaining: number | null;
  readonly repeatEvery: string | null;
}

/**
 * The first due time of a timer whose text (already rendered from `${...}`) is `text`,
 * counted from `now`; undefined when the text is not a valid timer of its type.
 */
export function firstDue(type: TimerModel['type'], text: string, now: Date): TimerDue | undefined {
  if (type === 'duration') {
    const duration = parseIsoDuration(text);
    if (duration === undefined) return undefined;
    return { dueAt: addIsoDuration(now, duration), repeatRemaining: null, repeatEvery: null };
  }
  if (type === 'date') {
    const dueAt = parseTimerDate(text);
    return dueAt === undefined ? undefined : { dueAt, repeatRemaining: null, repeatEvery: null };
  }
  const cycle = parseTimerCycle(text);
  if (cycle === undefined) return undefined;
  // With a start date the first firing is at the start (or the next period after it
  // when the start has passed); without one it is one period from now.
  let dueAt = cycle.start ?? addIsoDuration(now, cycle.every);
  while (cycle.start !== null && dueAt < now) {
    const next = addIsoDuration(dueAt, cycle.every);
    // A period of zero length would never move past `now`.
    if (next <= dueAt) return undefined;
    dueAt = next;
  }
  return {
    dueAt,
    repeatRemaining: cycle.repeats === null ? -1 : cycle.repeats - 1,
    repeatEvery: cycle.everyText,
  };
}

/** The next due time of a repeating timer after the firing due at `previous`. */
export function nextDue(previous: Date, every: string): Date | undefined {
  const duration = parseIsoDuration(every);
  if (duration === undefined) return undefined;
  const next = addIsoDuration(previous, duration);
  return next > previous ? next : undefined;
}
