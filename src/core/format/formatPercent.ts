import { formatNumber } from './formatNumber';

/**
 * A ratio as a percentage (`0.0548` is `5.48 %`, `5,48 %` in French and Spanish): at most
 * `decimals` decimals, trailing zeros dropped (`0.35` is `35 %`), and a no-break space before
 * the sign so it never wraps alone; '' when there is none.
 */
export function formatPercent(
  ratio: number | null | undefined,
  locale: string,
  decimals = 2,
): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '';
  // Rounded through the decimal text, so 0.0548 * 100 (5.4799999…) reads 5.48.
  const percent = Number((ratio * 100).toFixed(decimals));
  return `${formatNumber(percent, undefined, locale)}\u00a0%`;
}
