// The records list's date filter values, read the same way by the browser (which shows the
// normalised value) and the server (which trusts no client and reads it again).

/** What a date filter value names: a day, a month, a year, or a day of any year. */
export type DateFilterValue =
  | { readonly kind: 'day'; readonly value: string }
  | { readonly kind: 'month'; readonly value: string }
  | { readonly kind: 'year'; readonly value: string }
  | { readonly kind: 'dayOfYear'; readonly value: string };

const pad = (text: string) => text.padStart(2, '0');

function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function day(year: string, month: string, dayOfMonth: string): DateFilterValue | null {
  if (!isRealDay(Number(year), Number(month), Number(dayOfMonth))) return null;
  return { kind: 'day', value: `${year}-${pad(month)}-${pad(dayOfMonth)}` };
}

function month(year: string, monthOfYear: string): DateFilterValue | null {
  const number = Number(monthOfYear);
  if (number < 1 || number > 12) return null;
  return { kind: 'month', value: `${year}-${pad(monthOfYear)}` };
}

function dayOfYear(monthOfYear: string, dayOfMonth: string): DateFilterValue | null {
  // 2000 is a leap year, so 29 February is a day of some year.
  if (!isRealDay(2000, Number(monthOfYear), Number(dayOfMonth))) return null;
  return { kind: 'dayOfYear', value: `${pad(monthOfYear)}-${pad(dayOfMonth)}` };
}

/**
 * Normalises what a user typed into a date column's filter (spec 001 section 5): full dates
 * and date-times become `YYYY-MM-DD`, a year and month `YYYY-MM`, a day and month (`DD/MM`)
 * `MM-DD`, a year stays `YYYY`; a normalised value reads as itself. Day-first forms with `/`, `.` or `-` (`31/12/2024`) and
 * year-first forms with `-` or `/` are read; anything else, or a day that does not exist
 * (`2024-02-30`), is null.
 */
export function normalizeDateFilter(input: string): DateFilterValue | null {
  const text = input.trim();
  const read = (pattern: RegExp): [string, string, string] | null => {
    const match = pattern.exec(text);
    return match ? [match[1] ?? '', match[2] ?? '', match[3] ?? ''] : null;
  };
  let parts: [string, string, string] | null;
  // 1. Year first: 2024-12-31, 2024/12/31, with an optional time (an ISO date-time).
  if ((parts = read(/^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/)))
    return day(parts[0], parts[1], parts[2]);
  // 2. Day first: 31/12/2024, 31.12.2024, 31-12-2024.
  if ((parts = read(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/)))
    return day(parts[2], parts[1], parts[0]);
  // 3. Year and month: 2024-12, 2024/12, or month first: 12/2024.
  if ((parts = read(/^(\d{4})[-/](\d{1,2})$/))) return month(parts[0], parts[1]);
  if ((parts = read(/^(\d{1,2})[/.-](\d{4})$/))) return month(parts[1], parts[0]);
  // 4. Day and month: 31/12, 31.12; the normalised day of a year is month first: 12-31.
  if ((parts = read(/^(\d{1,2})[/.](\d{1,2})$/))) return dayOfYear(parts[1], parts[0]);
  if ((parts = read(/^(\d{2})-(\d{2})$/))) return dayOfYear(parts[0], parts[1]);
  // 5. A year alone.
  if (/^\d{4}$/.test(text)) return { kind: 'year', value: text };
  return null;
}
