import type { NormalizedField } from '../../schemas/forms';
import { dateBoundsOf, validateDate } from './validate';

/**
 * A day for the task page's Autofill: today, or the nearest bound when today is outside
 * them (a date of birth before a cut-off gets the cut-off). `undefined` when the bounds
 * themselves are not days.
 */
export function sampleDate(field: NormalizedField, today: string): string | undefined {
  const { min, max } = dateBoundsOf(field);
  let day = today;
  if (min !== undefined && day < min) day = min;
  if (max !== undefined && day > max) day = max;
  return validateDate(day, field).length === 0 ? day : undefined;
}
