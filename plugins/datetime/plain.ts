import type { PlainField } from '../../schemas/forms';
import type {
  PlainFieldReading,
  PlainReading,
} from '../../src/core/forms/plugins/defineFieldRules';
import { readDateTime } from './validate';

/**
 * An APS `datetime`: its author's display format (at the top level, as APS writes it) and
 * its bounds `minValue` / `maxValue` read as wall-clock moments; a bound that is no moment
 * is warned about (`validation.invalidLimit`) and not applied.
 */
export function dateTimeFromPlain(source: PlainField, reading: PlainReading): PlainFieldReading {
  const format = (source as { dateDisplayFormat?: unknown }).dateDisplayFormat;
  const config = typeof format === 'string' && format !== '' ? { dateDisplayFormat: format } : {};
  const moment = (written: unknown) =>
    typeof written === 'string' ? readDateTime(written) : undefined;
  const earliest = reading.limit('minValue', moment);
  const latest = reading.limit('maxValue', moment);
  const validation: { min?: string; max?: string } = {};
  if (earliest !== undefined) validation.min = earliest;
  if (latest !== undefined) validation.max = latest;
  return { config, validation };
}
