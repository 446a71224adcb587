import type { NormalizedField } from '../../schemas/forms';
import { parseNumber } from '../../src/core/forms/formula/parseNumber';
import { formatNumber } from '../../src/core/format';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** A number field's saved value: a number, nothing, or text that is not a number (refused). */
export type NumberValue = number | string | null;

/** The kinds of number field (Flowable `integer`, `decimal`, `amount`). */
export type NumberKind = 'integer' | 'decimal' | 'amount';

/** A field's number kind; integers also by value type, the rest are decimals. */
export function numberKindOf(field: NormalizedField): NumberKind {
  const kind = field.config.numberKind;
  if (kind === 'integer' || kind === 'amount' || kind === 'decimal') return kind;
  return field.valueType === 'integer' ? 'integer' : 'decimal';
}

/** Decimals a number field shows and accepts: the config's, else 2 for amounts, else any. */
export function decimalsOf(field: NormalizedField): number | undefined {
  const decimals = field.config.decimals;
  if (typeof decimals === 'number' && Number.isInteger(decimals) && decimals >= 0) return decimals;
  const kind = numberKindOf(field);
  if (kind === 'amount') return 2;
  if (kind === 'integer') return 0;
  return undefined;
}

/**
 * Reads a number from what was typed or stored: numbers, and numeric strings with a space
 * between thousands (`"1 250 000.50"`, spec 001 section 5). Blank is nothing; text that is
 * not a number is kept so validation can say so instead of losing it.
 */
export function sanitizeNumber(value: unknown): NumberValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && value.trim() === '') return null;
  const number = parseNumber(value);
  if (number !== undefined) return number;
  return typeof value === 'string' ? value : null;
}

/** How many decimals a number is written with (`1.25` has 2, `1e-7` has 7). */
export function decimalPlaces(value: number): number {
  const written = String(value);
  if (/e-/i.test(written)) return Number(written.split(/e-/i)[1] ?? 0);
  return written.split('.')[1]?.length ?? 0;
}

/** Checks a number: numeric, whole for integers, within decimals and the min/max. */
export function validateNumber(value: NumberValue, field: NormalizedField): ValidationError[] {
  if (value === null) return [];
  if (typeof value === 'string') return [validationError('validation.number')];
  const errors: ValidationError[] = [];
  const kind = numberKindOf(field);
  const decimals = decimalsOf(field);
  if (kind === 'integer' && !Number.isInteger(value)) {
    errors.push(validationError('validation.integer'));
  } else if (decimals !== undefined && decimalPlaces(value) > decimals) {
    // "At most 0 decimal places" says less than "a whole number" (an APS amount without
    // fractions).
    errors.push(
      decimals === 0
        ? validationError('validation.integer')
        : validationError('validation.decimals', { limit: decimals }),
    );
  }
  const { min, max } = field.validation;
  if (typeof min === 'number' && value < min) {
    errors.push(validationError('validation.minimum', { limit: formatNumber(min) }));
  }
  if (typeof max === 'number' && value > max) {
    errors.push(validationError('validation.maximum', { limit: formatNumber(max) }));
  }
  return errors;
}
