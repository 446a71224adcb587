const GROUPS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * Writes a number with a space between thousands (spec 001 section 9) and, when asked, a
 * fixed count of decimals: `1250000.5` with 2 decimals is `1 250 000.50`. Exponent forms
 * of huge or tiny numbers are left as JavaScript writes them.
 */
export function formatNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = decimals === undefined ? String(value) : value.toFixed(decimals);
  if (/e/i.test(fixed)) return fixed;
  const negative = fixed.startsWith('-');
  const [whole = '', fraction] = (negative ? fixed.slice(1) : fixed).split('.');
  const grouped = whole.replace(GROUPS, ' ');
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `.${fraction}` : ''}`;
}
