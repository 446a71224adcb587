import type { PlainField } from '../../schemas/forms';
import type { PlainFieldReading } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A Flowable `date`: its author's display format (APS writes it at the top level,
 * Flowable's modeler in `params`, which is kept whole) and its bounds `minValue` /
 * `maxValue` as the days they are written as.
 */
export function dateFromPlain(source: PlainField): PlainFieldReading {
  const format = (source as { dateDisplayFormat?: unknown }).dateDisplayFormat;
  const config = typeof format === 'string' && format !== '' ? { dateDisplayFormat: format } : {};
  const min = source.minValue ?? source.params?.minValue;
  const max = source.maxValue ?? source.params?.maxValue;
  const validation: { min?: string; max?: string } = {};
  if (typeof min === 'string' && min !== '') validation.min = min;
  if (typeof max === 'string' && max !== '') validation.max = max;
  return { config, validation };
}
