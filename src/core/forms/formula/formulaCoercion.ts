import { formulaError, isFormulaError, type FormulaError, type FormulaValue } from './formulaValue';
import { parseNumber } from './parseNumber';

/**
 * Turns a raw field value into a formula value. Empty strings count as empty (a cleared
 * input), objects are not formula values (a signature or a GPS pair), so they become an
 * error that only matters if the formula really uses them.
 */
export function toFormulaValue(raw: unknown): FormulaValue {
  if (raw === undefined || raw === null) return null;
  if (typeof raw === 'number') {
    return Number.isFinite(raw) ? raw : formulaError('formula.notFinite');
  }
  if (typeof raw === 'string') return raw.trim() === '' ? null : raw;
  if (typeof raw === 'boolean') return raw;
  if (Array.isArray(raw)) return raw.map(toFormulaValue);
  if (isFormulaError(raw)) return raw;
  return formulaError('formula.unsupportedValue');
}

/** A number, `null` for empty, or an error when the value is not numeric. */
export function toNumberOperand(value: FormulaValue): number | null | FormulaError {
  if (value === null || isFormulaError(value)) return value;
  const number = parseNumber(value);
  if (number !== undefined) return number;
  return formulaError('formula.notANumber', { value: describe(value) });
}

/** The truth of a value in a condition: empty, zero and false are false. */
export function isTruthy(value: FormulaValue): boolean {
  if (value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return false;
  return Boolean(value);
}

/** Text for CONCAT and string joins: empty becomes an empty string; lists join with commas. */
export function toText(value: FormulaValue): string {
  if (value === null || isFormulaError(value)) return '';
  if (Array.isArray(value)) return value.map(toText).join(', ');
  return String(value);
}

/** A short description of a value for error params, never longer than a label. */
export function describe(value: FormulaValue): string {
  const text = Array.isArray(value) ? '[list]' : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** The first error among values, if any; errors win over every other result. */
export function firstError(values: readonly FormulaValue[]): FormulaError | undefined {
  for (const value of values) if (isFormulaError(value)) return value;
  return undefined;
}

/** Rejects non-finite results (overflow, 0/0) so they surface as errors, not as "NaN". */
export function finite(value: number): number | FormulaError {
  return Number.isFinite(value) ? value : formulaError('formula.notFinite');
}
