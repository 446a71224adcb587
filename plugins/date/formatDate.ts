import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import { DATE_FORMAT, formatDate as formatDay } from '../../src/core/format';
import { isIsoDate } from './validate';

dayjs.extend(customParseFormat);

/** How dates are shown when they are read rather than edited (spec 001 section 9). */
export const DISPLAY_FORMAT = DATE_FORMAT;

/** An ISO day in a display format and language (`12 mar 2024` in Spanish); other text as is. */
export function formatDate(value: string, locale: string, format = DISPLAY_FORMAT): string {
  if (!isIsoDate(value)) return value;
  if (format === DISPLAY_FORMAT) return formatDay(value, locale);
  return dayjs(value, 'YYYY-MM-DD', true).locale(locale).format(format);
}

/** Reads text typed in a mask (`D-M-YYYY`) as an ISO day; `undefined` when it does not fit. */
export function parseMasked(text: string, mask: string, locale: string): string | undefined {
  const parsed = dayjs(text.trim(), mask, locale, true);
  return parsed.isValid() ? parsed.format('YYYY-MM-DD') : undefined;
}
