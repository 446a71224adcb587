/**
 * A whole number with its thousands grouped by a space (spec 001 section 9: the thousand
 * separator is a space), a narrow no-break one so a number never wraps: 12 400.
 */
export function groupThousands(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.abs(Math.trunc(value))).replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f');
}
