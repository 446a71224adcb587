import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizeCountry, validateCountry, type CountryValue } from './validate';

/**
 * A country or a nationality, chosen from the whole ISO 3166-1 list and stored as its
 * alpha-2 code (`PT`): the name is the reader's business, the code the data's.
 */
export default defineFieldRules<CountryValue, 'country'>({
  type: 'country',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeCountry,
  validate: validateCountry,
  // Any real code passes; one fixed code keeps an Autofill walk repeatable.
  sampleValue: () => 'ES',
});
