/**
 * The thousands separator of every language (spec 001 section 9: "a space"), the plain one
 * the number fields also accept when typed, so a shown value can be typed back as it reads.
 */
export const THOUSANDS_SEPARATOR = ' ';

const GROUPS = /\B(?=(\d{3})+(?!\d))/g;
const separators = new Map<string, string>();

/**
 * The decimal separator of a language as `Intl.NumberFormat` writes it: `.` in English,
 * `,` in Spanish and French. Worked out once per language.
 */
export function decimalSeparatorOf(locale: string | undefined): string {
  const key = locale ?? 'en';
  let separator = separators.get(key);
  if (separator === undefined) {
    let found = '.';
    try {
      found =
        new Intl.NumberFormat(key).formatToParts(1.5).find((part) => part.type === 'decimal')
          ?.value ?? '.';
    } catch {
      // An unknown language tag writes numbers the JavaScript way.
    }
    separator = found;
    separators.set(key, separator);
  }
  return separator;
}

/**
 * Writes a number with a space between thousands in every language (spec 001 section 9),
 * the language's decimal separator (`4,5` in French and Spanish) and, when asked, a fixed
 * count of decimals: `1250000.5` with 2 decimals is `1 250 000.50` in English. Without a
 * count the digits are JavaScript's shortest exact ones (`Intl` would round to three).
 * Exponent forms of huge or tiny numbers are left as JavaScript writes them.
 */
export function formatNumber(value: number, decimals?: number, locale?: string): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = decimals === undefined ? String(value) : value.toFixed(decimals);
  if (/e/i.test(fixed)) return fixed;
  const negative = fixed.startsWith('-') && /[1-9]/.test(fixed);
  const [whole = '', fraction] = fixed.replace(/^-/, '').split('.');
  const grouped = whole.replace(GROUPS, THOUSANDS_SEPARATOR);
  const point = decimalSeparatorOf(locale);
  return `${negative ? '-' : ''}${grouped}${fraction !== undefined ? `${point}${fraction}` : ''}`;
}

/**
 * Text typed in a number field, made readable by the language-neutral number parser: in a
 * language whose decimal separator is a comma, `4,5` becomes `4.5`. Thousands are
 * separated by spaces in every language, so the comma is never a thousands separator there.
 */
export function typedNumberText(text: string, locale: string | undefined): string {
  return decimalSeparatorOf(locale) === ',' ? text.replace(/,/g, '.') : text;
}

/** Number text kept as typed, shown with the language's decimal separator (`4.5` as `4,5`). */
export function shownNumberText(text: string, locale: string | undefined): string {
  return decimalSeparatorOf(locale) === ',' ? text.replace(/\./g, ',') : text;
}
