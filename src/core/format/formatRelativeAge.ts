import dayjs from 'dayjs';

/** The unit a relative age is told in; each is a key under `dashboard.age.` in the locales. */
export const AgeUnit = {
  justNow: 'justNow',
  minutes: 'minutes',
  hours: 'hours',
  days: 'days',
  months: 'months',
  years: 'years',
} as const;
/** One of `AgeUnit`. */
export type AgeUnit = (typeof AgeUnit)[keyof typeof AgeUnit];

/** How old something is, in the largest unit that fits. */
export interface RelativeAge {
  /** The unit. */
  unit: AgeUnit;
  /** Whole units elapsed (0 for `justNow`). */
  value: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago a moment was, in the largest whole unit (minutes under an hour, hours under a
 * day, days under 30, then months and years); null when the moment cannot be read. A moment
 * slightly ahead of the browser's clock counts as just now, since clocks drift.
 */
export function relativeAge(
  moment: string | null | undefined,
  now: Date = new Date(),
): RelativeAge | null {
  if (!moment) return null;
  const then = dayjs(moment);
  if (!then.isValid()) return null;
  const elapsed = now.getTime() - then.valueOf();
  if (elapsed < MINUTE) return { unit: AgeUnit.justNow, value: 0 };
  if (elapsed < HOUR) return { unit: AgeUnit.minutes, value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: AgeUnit.hours, value: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return { unit: AgeUnit.days, value: days };
  const months = dayjs(now).diff(then, 'month');
  if (months < 12) return { unit: AgeUnit.months, value: Math.max(1, months) };
  return { unit: AgeUnit.years, value: dayjs(now).diff(then, 'year') };
}

/** A translate function, as i18next's `t` answers for one language. */
export type Translate = (key: string, values?: Record<string, string | number>) => string;

/**
 * A relative age as the created-on column shows it: '5m ago', 'il y a 5 min', 'hace 5 min'
 * (word order is the translation's business), or '--' when the moment cannot be read.
 */
export function formatRelativeAge(
  moment: string | null | undefined,
  t: Translate,
  now: Date = new Date(),
): string {
  const age = relativeAge(moment, now);
  if (!age) return '--';
  return t(`dashboard.age.${age.unit}`, { count: age.value });
}
