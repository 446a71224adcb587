import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import type { NormalizedField } from '../../schemas/forms';
import { DATE_TIME_FORMAT, formatDateTime as formatMoment } from '../../src/core/format';
import { isDateTime } from './validate';

dayjs.extend(customParseFormat);

/** How a date-time is shown when read and its author chose no format. */
export const DISPLAY_FORMAT = DATE_TIME_FORMAT;

/**
 * The display format an APS author chose (`dateDisplayFormat`, at the top level or in
 * `params`, moment tokens such as `D-M-YYYY hh:mm A`, which dayjs reads the same way).
 */
export function displayFormatOf(field: NormalizedField): string {
  const { dateDisplayFormat, params } = field.config;
  if (typeof dateDisplayFormat === 'string' && dateDisplayFormat !== '') return dateDisplayFormat;
  if (typeof params === 'object' && params !== null) {
    const format = (params as Record<string, unknown>).dateDisplayFormat;
    if (typeof format === 'string' && format !== '') return format;
  }
  return DISPLAY_FORMAT;
}

/** A wall-clock date-time in a display format and language; other text as is. */
export function formatDateTime(value: string, locale: string, format = DISPLAY_FORMAT): string {
  if (!isDateTime(value)) return value;
  if (format === DISPLAY_FORMAT) return formatMoment(value, locale);
  return dayjs(value, 'YYYY-MM-DDTHH:mm', true).locale(locale).format(format);
}
