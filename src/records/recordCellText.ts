/**
 * A record's value as the records table shows it (spec 001 section 3): empty for null or
 * missing, JSON text for objects, arrays and booleans, the text of anything else.
 */
export function recordCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
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
  field: { readonly dictionary?: string | undefined },
  value: unknown,
  dictionaries: DictionaryLabels,
  locale: string,
): string {
  if (field.dictionary === undefined || (typeof value !== 'string' && typeof value !== 'number')) {
    return recordCellText(value);
  }
  return dictionaries.labelOf(field.dictionary, value, locale);
}
