import { DATE_FORMAT } from './formatDate';
import { readMoment } from './readMoment';

/** A day and its time, the spec's day format followed by the reports' `HH:mm`. */
export const DATE_TIME_FORMAT = `${DATE_FORMAT} HH:mm`;

/**
 * A moment as `DD MMM YYYY HH:mm` in the reader's language and time zone (`27 nov. 2026
 * 22:33`); '--' when there is none or it cannot be read. Used wherever the specs name no
 * format for a moment (the instance page, a saved draft), so no fourth format appears.
 */
export function formatDateTime(value: string | null | undefined, locale: string): string {
  return readMoment(value, locale)?.format(DATE_TIME_FORMAT) ?? '--';
}
