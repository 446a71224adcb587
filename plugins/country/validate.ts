import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';
import { isCountryCode } from './countryCodes';

/** A country as saved: its ISO 3166-1 alpha-2 code, nothing, or text that is none (refused). */
export type CountryValue = string | null;

/**
 * Reads a country: a code in any case and with stray spaces (`" pt "` → `PT`), as another
 * system may have written it; nothing for empty input; any other text kept, so validation
 * can say it is not a country instead of losing it.
 */
export function sanitizeCountry(value: unknown): CountryValue {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text === '') return null;
  const code = text.toUpperCase();
  return isCountryCode(code) ? code : text;
}

/** Refuses anything but an ISO 3166-1 alpha-2 code. */
export function validateCountry(value: CountryValue): ValidationError[] {
  if (value === null || isCountryCode(value)) return [];
  return [validationError('validation.country.unknown')];
}
