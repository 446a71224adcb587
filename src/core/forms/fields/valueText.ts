/** A raw field value as an input's text: strings as they are, numbers written out, else empty. */
export function valueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** A raw value as a string to save: text as typed, numbers written out, nothing as `''`. */
export function sanitizeText(value: unknown): string {
  return valueText(value);
}
