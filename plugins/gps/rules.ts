import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizeGps, validateGps, type GpsValue } from './validate';

/**
 * A device location (spec 001 sections 3 to 5): `[latitude, longitude]` to 5 decimals, read
 * from the browser's geolocation. A stored JSON string of the pair is read too; the array
 * is what is saved.
 */
export default defineFieldRules<GpsValue, 'gps'>({
  type: 'gps',
  valueType: 'array',
  emptyValue: null,
  sanitize: sanitizeGps,
  validate: validateGps,
  // [latitude, longitude] (spec 001 section 3).
  valueSchema: () => ({ items: { type: 'number' }, minItems: 2, maxItems: 2 }),
});
