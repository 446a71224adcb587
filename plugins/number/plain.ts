import type { PlainField } from '../../schemas/forms';
import { numberOf } from '../../src/core/forms/compiler/plainLimits';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable `integer`, `decimal` or `amount`: its kind, its currency (in `params`, or at
 * the top level), an amount's decimals, and its `minValue` / `maxValue` as bounds.
 */
export function numberFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  const config: Record<string, unknown> = { numberKind: source.type };
  const currency = source.params?.currency ?? (source as { currency?: unknown }).currency;
  if (typeof currency === 'string' && currency !== '') config.currency = currency;
  if (source.type === 'amount') config.decimals = amountDecimals(source);
  const validation: { min?: number; max?: number } = {};
  const minimum = reading.limit('minValue', numberOf);
  const maximum = reading.limit('maxValue', numberOf);
  if (minimum !== undefined) validation.min = minimum;
  if (maximum !== undefined) validation.max = maximum;
  return { config, validation };
}

/**
 * The decimals of an amount: APS's `enableFractions` (in `params`, or at the top level as
 * its exports write it) false takes whole amounts only, true two decimals (cents). Unsaid,
 * an amount keeps the two decimals it always had.
 */
function amountDecimals(source: PlainField): number {
  const written =
    source.params?.enableFractions ?? (source as { enableFractions?: unknown }).enableFractions;
  return written === false || written === 'false' ? 0 : 2;
}
