import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizePhone, validatePhone } from './validate';

/**
 * A phone number, typed as people write it (`+33 6 12 34 56 78`, `0033…`, or a national
 * number when the field names `config.defaultCountry`) and saved in E.164 (`+33612345678`).
 */
export default defineFieldRules<string, 'phone'>({
  type: 'phone',
  valueType: 'string',
  emptyValue: '',
  sanitize: sanitizePhone,
  validate: validatePhone,
  // A valid mobile number in E.164; the runtime checks it against the field's own rules too.
  sampleValue: () => '+34612345678',
  designerConfig: {
    type: 'object',
    properties: { defaultCountry: { type: 'string', pattern: '^[A-Z]{2}$' } },
  },
});
