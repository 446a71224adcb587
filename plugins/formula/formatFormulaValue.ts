import { isFormulaError, type FormulaValue } from '../../src/core/forms/formula/formulaValue';
import type { Translate } from '../../src/core/forms/fields/translate';
import { formatNumber, formatPercent } from '../../src/core/format';
import { percentDecimals } from '../../src/core/forms/fields/showsPercent';

/** The decimals a formula field shows, from its config. */
export function formulaDecimals(config: Readonly<Record<string, unknown>>): number | undefined {
  const { decimals } = config;
  return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0
    ? decimals
    : undefined;
}

/**
 * A computed value as text: numbers with a space between thousands, the field's decimals
 * and the language's decimal separator (or, for a field that shows a percentage, the ratio
 * as one: `5.48 %`), booleans as yes/no, an error value as its translated message, nothing
 * as ''.
 */
export function formatFormulaValue(
  value: unknown,
  decimals: number | undefined,
  t: Translate,
  locale?: string,
  percent = false,
): string {
  if (value === null || value === undefined) return '';
  if (isFormulaError(value)) return t(`validation.${value.code}`, value.params);
  if (typeof value === 'number') {
    return percent
      ? formatPercent(value, locale ?? 'en', percentDecimals(decimals))
      : formatNumber(value, decimals, locale);
  }
  if (typeof value === 'boolean') return t(value ? 'fields.boolean.yes' : 'fields.boolean.no');
  if (Array.isArray(value)) {
    return (value as readonly FormulaValue[])
      .map((item) => formatFormulaValue(item, decimals, t, locale, percent))
      .join(', ');
  }
  return String(value);
}
