import {
  isSupportedCountry,
  parsePhoneNumberFromString,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js/max';
import type { NormalizedField } from '../../schemas/forms';
import { valueText } from '../../src/core/forms/fields/valueText';
import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';

/** What the phone rules read of a field: its config (`defaultCountry`). */
export type PhoneField = Pick<NormalizedField, 'config'>;

/**
 * The country whose numbers may be typed without their `+` code (`config.defaultCountry`,
 * an ISO 3166-1 alpha-2 code the phone metadata knows); none when the field names none, and
 * then every number needs its country code.
 */
export function defaultCountryOf(field: PhoneField | undefined): CountryCode | undefined {
  const written = field?.config.defaultCountry;
  return typeof written === 'string' && isSupportedCountry(written) ? written : undefined;
}

/**
 * Reads typed text as a phone number, the whole text and nothing else (`extract: false`:
 * "call +33 6…" is not a number). Undefined when it is none.
 */
export function parsePhone(
  text: string,
  country: CountryCode | undefined,
): PhoneNumber | undefined {
  return parsePhoneNumberFromString(text, {
    extract: false,
    ...(country ? { defaultCountry: country } : {}),
  });
}

// A number that can be dialled as saved: valid for its country and without an extension,
// which E.164 cannot hold.
const usable = (number: PhoneNumber | undefined): boolean =>
  number !== undefined && number.ext === undefined && number.isValid();

/**
 * Turns a typed phone number into E.164 (`"+33 6 12 34 56 78"` → `"+33612345678"`), the one
 * form a bank's systems dial and compare. Text that is not a valid number is kept, trimmed,
 * so validation can say what is wrong with it; empty input is `''`.
 */
export function sanitizePhone(value: unknown, field?: PhoneField): string {
  const text = valueText(value).trim();
  if (text === '') return '';
  const number = parsePhone(text, defaultCountryOf(field));
  return number && usable(number) ? number.number : text;
}

/**
 * Refuses a value that is not a valid phone number, saying why where the library can tell:
 * too short, too long, no country code (and the field has no default country), an
 * extension; `validation.phone.invalid` otherwise.
 */
export function validatePhone(value: string, field?: PhoneField): ValidationError[] {
  const country = defaultCountryOf(field);
  const number = parsePhone(value, country);
  if (usable(number)) return [];
  if (number?.isValid()) return [validationError('validation.phone.extension')];
  switch (validatePhoneNumberLength(value, country)) {
    case 'INVALID_COUNTRY':
      return [
        validationError(
          value.startsWith('+') ? 'validation.phone.invalid' : 'validation.phone.countryCode',
        ),
      ];
    case 'TOO_SHORT':
      return [validationError('validation.phone.tooShort')];
    case 'TOO_LONG':
      return [validationError('validation.phone.tooLong')];
    default:
      return [validationError('validation.phone.invalid')];
  }
}
