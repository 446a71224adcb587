import { validationError, type ValidationError } from '../../src/core/forms/fields/validationError';
import { isCountryCode } from '../country/countryCodes';
import { sanitizeCountry } from '../country/validate';
import {
  ADDRESS_PARTS,
  partText,
  readAddressObject,
  type Address,
  type AddressPart,
  type AddressValue,
} from './addressValue';
import { postalCodeFormat } from './postalCodes';

/** The longest text a part may hold: a street name with its building, a long city name. */
export const MAX_PART_LENGTH = 100;

/**
 * Reads an address: the parts of an object (or of JSON text of one), trimmed, the empty
 * ones and any other keys left out, the country as its ISO code (`" pt "` → `PT`); nothing
 * when no part is filled in. Other text is kept, so validation can refuse it.
 */
export function sanitizeAddress(value: unknown): AddressValue {
  const object = readAddressObject(value);
  if (!object) {
    const text = typeof value === 'string' ? value.trim() : '';
    return text === '' ? null : text;
  }
  const address: Address = {};
  for (const part of ADDRESS_PARTS) {
    const text = partText(object[part]).trim();
    if (text === '') continue;
    address[part] = part === 'country' ? (sanitizeCountry(text) ?? text) : text;
  }
  return Object.keys(address).length === 0 ? null : address;
}

/** Whether an address value holds nothing. */
export function isEmptyAddress(value: AddressValue): boolean {
  return (
    value === null || value === '' || (typeof value === 'object' && Object.keys(value).length === 0)
  );
}

// The parts a letter cannot reach the customer without, each with its own message: the
// postal code only for countries known to use one (see postalCodes.ts).
const MISSING: readonly [AddressPart, string][] = [
  ['street', 'validation.address.streetMissing'],
  ['city', 'validation.address.cityMissing'],
  ['country', 'validation.address.countryMissing'],
];

/**
 * Refuses an address a letter would not reach: a missing street, city or country, a
 * missing or malformed postal code where the country's format is known, a country that is
 * not an ISO code, a part longer than `MAX_PART_LENGTH`; and text that is not an address
 * of parts. Each error names its part (`params.part`), so the widget can mark that input.
 */
export function validateAddress(value: AddressValue): ValidationError[] {
  if (value === null) return [];
  if (typeof value === 'string') return [validationError('validation.address.notParts')];
  const errors: ValidationError[] = [];
  for (const [part, code] of MISSING) {
    if (value[part] === undefined) errors.push(validationError(code, { part }));
  }
  const { country, postalCode } = value;
  if (country !== undefined && !isCountryCode(country)) {
    errors.push(validationError('validation.country.unknown', { part: 'country' }));
  }
  const format = postalCodeFormat(country);
  if (format && postalCode === undefined) {
    errors.push(validationError('validation.address.postalCodeMissing', { part: 'postalCode' }));
  } else if (format && postalCode !== undefined && !format.pattern.test(postalCode)) {
    errors.push(
      validationError('validation.address.postalCode', {
        part: 'postalCode',
        example: format.example,
      }),
    );
  }
  for (const part of ADDRESS_PARTS) {
    const text = value[part];
    if (text !== undefined && text.length > MAX_PART_LENGTH) {
      errors.push(validationError('validation.address.tooLong', { part, limit: MAX_PART_LENGTH }));
    }
  }
  return errors;
}
