// Digits grouped by thousands with a space (spec 001 sections 5 and 9); browsers and
// spreadsheets also paste the no-break and narrow no-break spaces, so those count too.
const GROUPED = /^[+-]?\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?:\.\d+)?$/;
const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const SEPARATORS = /[ \u00a0\u202f]/g;

/**
 * Reads a number from a field value: a finite number, or a numeric string such as
 * `"1 250 000.50"` with spaces as thousands separators. Anything else gives `undefined`,
 * so callers can tell "not a number" from zero.
 */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (PLAIN.test(text)) return Number(text);
  if (GROUPED.test(text)) return Number(text.replace(SEPARATORS, ''));
  return undefined;
}
