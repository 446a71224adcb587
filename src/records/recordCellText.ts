import type { RecordFieldType } from '../../schemas/api/recordsConstants';
import { formatListDate, formatNumber } from '../core/format';

/**
 * A record's value as the records table shows it (spec 001 section 3): empty for null or
 * missing, JSON text for objects, arrays and booleans, the text of anything else. Given the
 * field's type and the reader's language, a number has its thousands grouped by a space
 * and the language's decimal separator, and a date reads `YYYY-MM-DD` as lists do.
 */
export function recordCellText(value: unknown, type?: RecordFieldType, locale?: string): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number')
    return locale ? formatNumber(value, undefined, locale) : String(value);
  if (typeof value === 'string') {
    if (type === 'date' && value !== '') {
      const day = formatListDate(value);
      return day === '--' ? value : day;
    }
    return value;
  }
  return JSON.stringify(value);
}

/** Where a field's dictionary labels come from: the app's dictionary store. */
export interface DictionaryLabels {
  labelOf(dictionary: string, code: unknown, locale: string): string;
}

/**
 * A record's value of one field as the records table shows it: for a field that stores a
 * system dictionary's codes, the code's label in the user's language (the code itself
 * while the lists load, or for a code the list does not hold); otherwise
 * {@link recordCellText}.
 */
export function recordFieldText(
  field: { readonly dictionary?: string | undefined; readonly type?: RecordFieldType },
  value: unknown,
  dictionaries: DictionaryLabels,
  locale: string,
): string {
  if (field.dictionary === undefined || (typeof value !== 'string' && typeof value !== 'number')) {
    return recordCellText(value, field.type, locale);
  }
  return dictionaries.labelOf(field.dictionary, value, locale);
}
