import { isFormulaError, type FormulaValue } from '../../src/core/forms/formula/formulaValue';
import type { Translate } from '../../src/core/forms/fields/translate';
import { formatNumber } from '../../src/core/forms/fields/formatNumber';

/** The decimals a formula field shows, from its config. */
export function formulaDecimals(config: Readonly<Record<string, unknown>>): number | undefined {
  const { decimals } = config;
  return typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0
    ? decimals
    : undefined;
}

/**
 * A computed value as text: numbers with a space between thousands, the field's decimals
 * and the language's decimal separator, booleans as yes/no, an error value as its
 * translated message, nothing as ''.
 */
export function formatFormulaValue(
  value: unknown,
  decimals: number | undefined,
  t: Translate,
  locale?: string,
): string {
  if (value === null || value === undefined) return '';
  if (isFormulaError(value)) return t(`validation.${value.code}`, value.params);
  if (typeof value === 'number') return formatNumber(value, decimals, locale);
  if (typeof value === 'boolean') return t(value ? 'fields.boolean.yes' : 'fields.boolean.no');
  if (Array.isArray(value)) {
    return (value as readonly FormulaValue[])
      .map((item) => formatFormulaValue(item, decimals, t, locale))
      .join(', ');
  }
  return String(value);
}
