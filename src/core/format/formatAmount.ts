import { formatNumber } from './formatNumber';

/** The currency of the demo's loans and of amounts whose currency nobody named. */
export const DEFAULT_CURRENCY = 'EUR';

const patterns = new Map<string, Intl.NumberFormatPart[] | null>();

/**
 * Where a language puts a currency and its sign around the digits (`€1.00`, `1,00 €`), read
 * once per language, currency and sign from `Intl`; null for a code `Intl` refuses.
 */
function patternOf(
  locale: string,
  currency: string,
  negative: boolean,
): Intl.NumberFormatPart[] | null {
  const key = `${locale}|${currency}|${negative ? '-' : '+'}`;
  let pattern = patterns.get(key);
  if (pattern === undefined) {
    try {
      pattern = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(
        negative ? -1 : 1,
      );
    } catch {
      pattern = null;
    }
    patterns.set(key, pattern);
  }
  return pattern;
}

const DIGIT_PARTS = new Set(['integer', 'group', 'decimal', 'fraction']);

/**
 * An amount of money: two decimals, a space between thousands and the language's decimal
 * separator (spec 001 section 9), with the currency's symbol where the language puts it
 * (`€307 000.00`, `307 000,00 €`); '' when there is none. Without a currency the digits
 * stand alone; a code `Intl` does not know follows the digits as written (`1 000.00 XTS`).
 */
export function formatAmount(
  amount: number | null | undefined,
  locale: string,
  currency?: string | null,
): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '';
  const negative = amount < 0 && Math.abs(amount) >= 0.005;
  const digits = formatNumber(Math.abs(amount), 2, locale);
  if (!currency) return `${negative ? '-' : ''}${digits}`;
  const pattern = patternOf(locale, currency, negative);
  if (!pattern) return `${negative ? '-' : ''}${digits} ${currency}`;
  let text = '';
  let placed = false;
  for (const part of pattern) {
    if (!DIGIT_PARTS.has(part.type)) text += part.value;
    else if (!placed) {
      text += digits;
      placed = true;
    }
  }
  return text;
}
