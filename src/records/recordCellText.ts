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
