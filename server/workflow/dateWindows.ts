const DAY_MS = 24 * 60 * 60 * 1000;

/** The instants the TODAY, WEEK and OVERDUE quick filters are cut at, all in UTC. */
export interface DateWindows {
  /** 00:00 UTC of today: anything due before it is overdue. */
  readonly todayStart: Date;
  /** 00:00 UTC of tomorrow: the end of TODAY. */
  readonly tomorrowStart: Date;
  /** 00:00 UTC of next Monday: the end of WEEK (the rest of the ISO week, today included). */
  readonly weekEnd: Date;
}

/**
 * The quick-filter windows around `now`, by the UTC calendar: one answer for every server
 * process and every user, whatever their zone (tenants carry no zone yet).
 */
export function dateWindows(now: Date): DateWindows {
  const todayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  // getUTCDay: 0 is Sunday; days left until Monday, at least 1.
  const daysToMonday = (8 - now.getUTCDay()) % 7 || 7;
  return {
    todayStart: new Date(todayStart),
    tomorrowStart: new Date(todayStart + DAY_MS),
    weekEnd: new Date(todayStart + daysToMonday * DAY_MS),
  };
}

/** The UTC day `YYYY-MM-DD` as the half-open range [start, end); undefined if no such day. */
export function dayRange(isoDay: string): { start: Date; end: Date } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const start = Date.UTC(year, month - 1, day);
  const date = new Date(start);
  // Date.UTC rolls 2026-02-31 over into March; such a day does not exist.
  if (
    date.getUTCFullYear() !== year ||
    date.getUTCMonth() !== month - 1 ||
    date.getUTCDate() !== day
  ) {
    return undefined;
  }
  return { start: date, end: new Date(start + DAY_MS) };
}
