/** The config value that shows a stored ratio as a percentage (`0.0548` as `5.48 %`). */
export const PERCENT_FORMAT = 'percent';

/**
 * Whether a number or formula field shows its value, a ratio, as a percentage: `format:
 * "percent"` in a designer field's config or in a Flowable field's `params`. The stored value
 * stays the ratio, so formulas and conditions (`debtToIncome <= 0.45`) read it unchanged.
 */
export function showsPercent(config: Readonly<Record<string, unknown>>): boolean {
  if (config.format === PERCENT_FORMAT) return true;
  const { params } = config;
  return (
    typeof params === 'object' &&
    params !== null &&
    (params as Record<string, unknown>).format === PERCENT_FORMAT
  );
}

/**
 * How many decimals a percentage shows for a ratio kept to `decimals` places: two fewer,
 * since the ratio's first two decimals become whole percent (a ratio to 4 places, 0.0548,
 * reads 5.48 %); two when the field names none.
 */
export function percentDecimals(decimals: number | undefined): number {
  return decimals === undefined ? 2 : Math.max(0, decimals - 2);
}
