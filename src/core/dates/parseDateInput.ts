/** The latest year a typed date may have (spec 000 section 9). */
export const MAX_YEAR = 2100;

/** Why a typed date was refused; each is a key under `dashboard.dateError.` in the locales. */
export const DateInputError = {
  invalidDateFormat: 'invalidDateFormat',
  invalidMonth: 'invalidMonth',
  invalidYear: 'invalidYear',
  invalidDate: 'invalidDate',
} as const;
/** One of `DateInputError`. */
export type DateInputError = (typeof DateInputError)[keyof typeof DateInputError];

/** Which of the accepted patterns a text matched. */
export const DatePattern = {
  /** dd/mm/yyyy or yyyy-mm-dd: a full date. */
  date: 'date',
  /** yyyy-mm or mm-yyyy. */
  yearMonth: 'yearMonth',
  /** yyyy alone. */
  year: 'year',
  /** dd-mm, without a year. */
  dayMonth: 'dayMonth',
} as const;
/** One of `DatePattern`. */
export type DatePattern = (typeof DatePattern)[keyof typeof DatePattern];

/** A date the user typed, understood. */
export interface ParsedDate {
  /** The pattern it matched. */
  pattern: DatePattern;
  /** Day, month and year as numbers; absent parts are null. */
  day: number | null;
  month: number | null;
  year: number | null;
  /** The API form, zero-padded: `YYYY-MM-DD`, `YYYY-MM`, `YYYY` or `MM-DD`. */
  api: string;
  /** The UI form, zero-padded: `DD/MM/YYYY`, `MM/YYYY`, `YYYY` or `DD/MM`. */
  display: string;
}

/** The answer of {@link parseDateInput}: the date, or the reason it was refused. */
export type DateParseResult = { ok: true; date: ParsedDate } | { ok: false; error: DateInputError };

/** How {@link parseDateInput} judges a text. */
export interface ParseDateOptions {
  /** Check month, year and day ranges, not only the shape (default true). */
  strict?: boolean;
  /** Accept only a full day, month and year (the due-date filter); default true. */
  fullDateOnly?: boolean;
  /** The latest year accepted when strict; default {@link MAX_YEAR} (form fields allow 9999). */
  maxYear?: number;
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

const isLeapYear = (year: number): boolean =>
  (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Days in a month; without a year, February may have its 29th. */
export function daysInMonth(month: number, year: number | null): number {
  if (month === 2) return year === null || isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const fail = (error: DateInputError): DateParseResult => ({ ok: false, error });

/**
 * Reads a date typed as dd/mm/yyyy (spec 000 section 5). `/` and `-` both separate parts.
 * Besides the full date it recognises yyyy-mm-dd, yyyy-mm, mm-yyyy, yyyy and dd-mm, which the
 * record filters accept; the due-date filter asks for a full date only.
 *
 * 1. Every part must be a number other than zero, else `invalidDateFormat`.
 * 2. The number of parts and where the four-digit part stands choose the pattern.
 * 3. When strict: month 1-12 (`invalidMonth`), year 1 to `maxYear` (`invalidYear`), day
 *    within the month (`invalidDate`).
 * 4. Parts are zero-padded to 2, 2 and 4 digits in both answers.
 */
export function parseDateInput(text: string, options: ParseDateOptions = {}): DateParseResult {
  const strict = options.strict ?? true;
  const fullDateOnly = options.fullDateOnly ?? true;
  const maxYear = options.maxYear ?? MAX_YEAR;

  // 1. Numeric, non-zero parts.
  const parts = text.trim().split(/[/-]/);
  if (parts.some((part) => !/^\d{1,4}$/.test(part) || Number(part) === 0)) {
    return fail(DateInputError.invalidDateFormat);
  }
  const numbers = parts.map(Number);
  const isYear = (index: number) => (parts[index]?.length ?? 0) === 4;

  // 2. The pattern.
  let day: number | null = null;
  let month: number | null = null;
  let year: number | null = null;
  let pattern: DatePattern;
  const [a = 0, b = 0, c = 0] = numbers;
  if (numbers.length === 3) {
    pattern = DatePattern.date;
    if (isYear(0)) [year, month, day] = [a, b, c];
    else [day, month, year] = [a, b, c];
    // A two-digit middle part and a four-digit first or last: anything else is no date.
    if ((parts[1]?.length ?? 0) > 2 || (isYear(0) && (parts[2]?.length ?? 0) > 2)) {
      return fail(DateInputError.invalidDateFormat);
    }
  } else if (numbers.length === 2 && !fullDateOnly) {
    if (isYear(0)) {
      pattern = DatePattern.yearMonth;
      [year, month] = [a, b];
    } else if (isYear(1)) {
      pattern = DatePattern.yearMonth;
      [month, year] = [a, b];
    } else {
      pattern = DatePattern.dayMonth;
      [day, month] = [a, b];
    }
  } else if (numbers.length === 1 && !fullDateOnly && isYear(0)) {
    pattern = DatePattern.year;
    year = a;
  } else {
    return fail(DateInputError.invalidDateFormat);
  }
  if ((day !== null && day > 99) || (month !== null && month > 99)) {
    return fail(DateInputError.invalidDateFormat);
  }

  // 3. Ranges.
  if (strict) {
    if (month !== null && (month < 1 || month > 12)) return fail(DateInputError.invalidMonth);
    if (year !== null && (year < 1 || year > maxYear)) return fail(DateInputError.invalidYear);
    if (day !== null && month !== null && (day < 1 || day > daysInMonth(month, year))) {
      return fail(DateInputError.invalidDate);
    }
  }

  // 4. Zero-padded forms.
  const dd = day === null ? '' : pad(day, 2);
  const mm = month === null ? '' : pad(month, 2);
  const yyyy = year === null ? '' : pad(year, 4);
  const forms: Record<DatePattern, [string, string]> = {
    date: [`${yyyy}-${mm}-${dd}`, `${dd}/${mm}/${yyyy}`],
    yearMonth: [`${yyyy}-${mm}`, `${mm}/${yyyy}`],
    year: [yyyy, yyyy],
    dayMonth: [`${mm}-${dd}`, `${dd}/${mm}`],
  };
  const [api, display] = forms[pattern];
  return { ok: true, date: { pattern, day, month, year, api, display } };
}

/** `YYYY-MM-DD` (the API form) as `DD/MM/YYYY` (the UI form); '' when it is not one. */
export function isoDateToDisplay(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : '';
}
