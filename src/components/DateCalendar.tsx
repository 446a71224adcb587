import { DayPicker } from 'react-day-picker';
import { enGB } from 'react-day-picker/locale/en-GB';
import { es } from 'react-day-picker/locale/es';
import { fr } from 'react-day-picker/locale/fr';
import 'react-day-picker/style.css';
import './DateCalendar.css';

// English takes the British calendar: days typed day first, weeks from Monday, as in Spanish
// and French.
const LOCALES = { en: enGB, es, fr } as const;

/** How many years the year list reaches before and after today when the field sets no bound. */
const YEARS_AROUND_TODAY = 120;

/** Props of {@link DateCalendar}. */
export interface DateCalendarProps {
  /** The marked day, `YYYY-MM-DD`; the calendar opens on its month (else on today's). */
  readonly selected?: string;
  /** The earliest day that can be picked, `YYYY-MM-DD`. */
  readonly min?: string;
  /** The latest day that can be picked, `YYYY-MM-DD`. */
  readonly max?: string;
  /** The language of month and day names and of the buttons' labels. */
  readonly locale: string;
  /** Called with the day picked, `YYYY-MM-DD`. */
  onPick(day: string): void;
}

/** A local-midnight `Date` of an ISO day; `undefined` when it is not one. */
function dayToDate(day: string | undefined): Date | undefined {
  const match = day ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) : null;
  if (!match) return undefined;
  const date = new Date(0, 0, 1);
  date.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date;
}

/** The ISO day of a local `Date`. */
function dateToDay(date: Date): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** A day moved inside its bounds. */
function clamp(date: Date, earliest: Date | undefined, latest: Date | undefined): Date {
  if (earliest && date < earliest) return earliest;
  if (latest && date > latest) return latest;
  return date;
}

/**
 * The month grid of a date field, loaded only when a calendar is first opened. The grid is
 * react-day-picker's (role `grid`, arrow keys between days, Page Up/Down between months,
 * Enter picks), with month and day names in the reader's language and a month and a year
 * list to jump far (a date of birth).
 */
export default function DateCalendar({ selected, min, max, locale, onPick }: DateCalendarProps) {
  const today = new Date();
  const chosen = dayToDate(selected);
  const earliest = dayToDate(min);
  const latest = dayToDate(max);
  const yearsFrom = new Date(today.getFullYear() - YEARS_AROUND_TODAY, 0, 1);
  const yearsTo = new Date(today.getFullYear() + YEARS_AROUND_TODAY, 11, 31);
  const startMonth = earliest && earliest > yearsFrom ? earliest : yearsFrom;
  const endMonth = latest && latest < yearsTo ? latest : yearsTo;
  const disabled = [
    ...(earliest ? [{ before: earliest }] : []),
    ...(latest ? [{ after: latest }] : []),
  ];
  return (
    <DayPicker
      className="tessera-calendar"
      mode="single"
      locale={LOCALES[locale as keyof typeof LOCALES] ?? enGB}
      captionLayout="dropdown"
      startMonth={startMonth}
      endMonth={endMonth}
      defaultMonth={chosen ?? clamp(today, earliest, latest)}
      selected={chosen}
      required
      disabled={disabled}
      autoFocus
      onSelect={(date) => {
        if (date) onPick(dateToDay(date));
      }}
    />
  );
}
