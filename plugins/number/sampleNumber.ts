import type { NormalizedField } from '../../schemas/forms';
import { decimalsOf, numberKindOf, validateNumber, type NumberKind } from './validate';

/** A plausible number of each kind before the field's bounds are applied. */
const PLAUSIBLE: Readonly<Record<NumberKind, number>> = {
  integer: 12,
  decimal: 1.5,
  amount: 25000,
};

/**
 * A number for the task page's Autofill: a plausible one for the field's kind (12, 1.5,
 * 25 000), moved inside its min/max and onto its decimals. Not the middle of the range: a
 * loan amount of half the maximum would make every ratio check of the form fail.
 */
export function sampleNumber(field: NormalizedField): number | undefined {
  // 1. The plausible value, inside the bounds.
  const { min, max } = field.validation;
  const lower = typeof min === 'number' ? min : undefined;
  const upper = typeof max === 'number' ? max : undefined;
  let value = PLAUSIBLE[numberKindOf(field)];
  if (lower !== undefined && value < lower) value = lower;
  if (upper !== undefined && value > upper) value = upper;
  // 2. Onto the allowed decimals, rounding towards the inside of the range.
  const factor = 10 ** (decimalsOf(field) ?? 2);
  let rounded = Math.round(value * factor) / factor;
  if (lower !== undefined && rounded < lower) rounded = Math.ceil(lower * factor) / factor;
  if (upper !== undefined && rounded > upper) rounded = Math.floor(upper * factor) / factor;
  // 3. A range too narrow for the decimals (an integer between 1.2 and 1.8) has none.
  return validateNumber(rounded, field).length === 0 ? rounded : undefined;
}
