import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';

/**
 * Reads a day (`YYYY-MM-DD`, that day on the reader's calendar), a wall-clock date-time
 * (`YYYY-MM-DDTHH:mm`) or an instant (ISO with a zone) in a language, so month names come
 * out in it; null when there is none or it cannot be read. The language is set on the value,
 * so dayjs's global locale stays untouched.
 */
export function readMoment(value: string | null | undefined, locale: string): Dayjs | null {
  if (!value) return null;
  const moment = dayjs(value);
  return moment.isValid() ? moment.locale(locale) : null;
}
