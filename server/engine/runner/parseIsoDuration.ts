/** An ISO 8601 duration split into its calendar and clock parts. */
export interface IsoDuration {
  readonly years: number;
  readonly months: number;
  readonly weeks: number;
  readonly days: number;
  readonly hours: number;
  readonly minutes: number;
  readonly seconds: number;
}

const durationPattern =
  /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/;

/**
 * Reads an ISO 8601 duration such as `P3D`, `PT4H` or `P1M2DT3H`; returns undefined for
 * anything else (negative and fractional parts are not used by due dates, so refused).
 */
export function parseIsoDuration(text: string): IsoDuration | undefined {
  const match = durationPattern.exec(text.trim());
  // `P` alone and `PT` alone match the pattern but say nothing, so they are refused too.
  if (!match || match.slice(1).every((part) => part === undefined) || text.trim().endsWith('T')) {
    return undefined;
  }
  const [years, months, weeks, days, hours, minutes, seconds] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  return {
    years: years ?? 0,
    months: months ?? 0,
    weeks: weeks ?? 0,
    days: days ?? 0,
    hours: hours ?? 0,
    minutes: minutes ?? 0,
    seconds: seconds ?? 0,
  };
}

/**
 * Adds a duration to an instant: calendar parts in UTC calendar terms, clamping the day
 * to the target month's length (`P1M` from 31 January is the last day of February, not
 * 3 March), then clock parts as exact milliseconds.
 */
export function addIsoDuration(from: Date, duration: IsoDuration): Date {
  // 1. Years and months move the month, keeping the day of month where it exists.
  const monthIndex = from.getUTCMonth() + duration.months + duration.years * 12;
  const year = from.getUTCFullYear() + Math.floor(monthIndex / 12);
  const month = ((monthIndex % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  const moved = Date.UTC(
    year,
    month,
    day,
    from.getUTCHours(),
    from.getUTCMinutes(),
    from.getUTCSeconds(),
    from.getUTCMilliseconds(),
  );
  // 2. Weeks and days are whole UTC days; clock parts are exact time.
  const dayMs = 24 * 60 * 60 * 1000;
  const clockMs = ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1000;
  return new Date(moved + (duration.weeks * 7 + duration.days) * dayMs + clockMs);
}
