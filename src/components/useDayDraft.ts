import { useState } from 'react';
import { isoDateToDisplay } from '../core/dates/parseDateInput';
import { readTypedDay } from '../core/dates/readTypedDay';

/** What {@link useDayDraft} needs: the saved value and where changes go. */
export interface DayDraftOptions {
  /** The saved value: an ISO day, or text that is not one yet (kept so its error shows). */
  value: unknown;
  /** Whether a saved string is an ISO day (the field's own rule, such as its years' range). */
  isDay(value: string): boolean;
  onChange(value: string | null): void;
  onBlur(): void;
  /** Shows a saved ISO day as text; default `DD/MM/YYYY`. */
  show?: (iso: string) => string;
  /** Reads typed text as an ISO day, or undefined when it is none; default `DD/MM/YYYY`. */
  read?: (typed: string) => string | undefined;
}

/** The props a {@link DateField} takes from {@link useDayDraft}. */
export interface DayDraftProps {
  text: string;
  selected: string | undefined;
  onTextChange(typed: string): void;
  onBlur(): void;
  onPick(day: string): void;
}

/**
 * The typing state of a date field: what is typed stays as typed until the field is left,
 * then the saved day shows in its format. Each keystroke saves the ISO day once the text is
 * one, and the text itself until then, so a validator can name what is wrong; emptied, the
 * value is null. A day picked in the calendar is saved as it is.
 */
export function useDayDraft({
  value,
  isDay,
  onChange,
  onBlur,
  show = isoDateToDisplay,
  read = readTypedDay,
}: DayDraftOptions): DayDraftProps {
  const [draft, setDraft] = useState<string | null>(null);
  const iso = typeof value === 'string' && isDay(value) ? value : undefined;
  const saved = iso ? show(iso) : typeof value === 'string' ? value : '';
  return {
    text: draft ?? saved,
    selected: iso,
    onTextChange(typed) {
      setDraft(typed);
      onChange(typed === '' ? null : (read(typed) ?? typed));
    },
    onBlur() {
      setDraft(null);
      onBlur();
    },
    onPick(day) {
      setDraft(null);
      onChange(day);
    },
  };
}
