/** The colour flag of a due date (spec 000 section 2, "Due-date colours"). */
export const DueDateFlag = {
  /** No due date: slate. */
  none: 'none',
  /** Due before today: red. */
  past: 'past',
  /** Due today: green. */
  today: 'today',
  /** Due later this week: grey. */
  thisWeek: 'thisWeek',
  /** Due after this week: blue. */
  later: 'later',
} as const;
/** One of `DueDateFlag`. */
export type DueDateFlag = (typeof DueDateFlag)[keyof typeof DueDateFlag];

/** The CSS colour of each flag, from Blueprint's palette so it sits with the rest. */
export const DUE_DATE_FLAG_COLORS: Record<DueDateFlag, string> = {
  none: '#738091', // slate (gray3)
  past: '#cd4246', // red3
  today: '#238551', // green3
  // gray1: gray4 (#8f99a8) gave 2.88:1 on white, under the 3:1 a graphic needs.
  thisWeek: '#5f6b7c', // grey (gray1)
  later: '#2d72d2', // blue3
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight UTC of the day that holds an instant. */
function utcDayStart(instant: Date): number {
  return Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
}

/** Reads an ISO date or date-time; a bare `YYYY-MM-DD` is that UTC day. */
function readInstant(value: string): Date | null {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/**
 * Which colour a due date gets. Days are cut by the UTC calendar and weeks run Monday to
 * Sunday, exactly as the server's TODAY, WEEK and OVERDUE quick filters cut them, so a green
 * row is one the TODAY filter lists: before today red, today green, the rest of this week
 * grey, later blue, no (or an unreadable) date slate.
 */
export function dueDateFlag(
  dueDate: string | null | undefined,
  now: Date = new Date(),
): DueDateFlag {
  if (!dueDate) return DueDateFlag.none;
  const due = readInstant(dueDate);
  if (!due) return DueDateFlag.none;
  const todayStart = utcDayStart(now);
  const tomorrowStart = todayStart + DAY_MS;
  // getUTCDay: 0 is Sunday; days until next Monday, at least 1.
  const daysToMonday = (8 - now.getUTCDay()) % 7 || 7;
  const weekEnd = todayStart + daysToMonday * DAY_MS;
  const time = due.getTime();
  if (time < todayStart) return DueDateFlag.past;
  if (time < tomorrowStart) return DueDateFlag.today;
  if (time < weekEnd) return DueDateFlag.thisWeek;
  return DueDateFlag.later;
}
