import { readMoment } from './readMoment';

/** How a day is written when it is read rather than typed (spec 001 section 9). */
export const DATE_FORMAT = 'DD MMM YYYY';

/**
 * A day as `DD MMM YYYY` with the month in the reader's language (`25 Nov 2004`,
 * `25 nov 2004`, `25 nov. 2004`); '--' when there is none or it cannot be read.
 */
export function formatDate(value: string | null | undefined, locale: string): string {
  return readMoment(value, locale)?.format(DATE_FORMAT) ?? '--';
}
