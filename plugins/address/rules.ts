import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import type { AddressValue } from './addressValue';
import { isEmptyAddress, sanitizeAddress, validateAddress } from './validate';

/**
 * A postal address in parts (street, number, postal code, city, region, country), typed
 * into one input each and saved as one structured value with the country as its ISO code.
 */
export default defineFieldRules<AddressValue, 'address'>({
  type: 'address',
  valueType: 'object',
  emptyValue: null,
  sanitize: sanitizeAddress,
  isEmpty: isEmptyAddress,
  validate: validateAddress,
  sampleValue: () => ({
    street: 'Calle Mayor',
    houseNumber: '12',
    postalCode: '28013',
    city: 'Madrid',
    region: 'Comunidad de Madrid',
    country: 'ES',
  }),
});
