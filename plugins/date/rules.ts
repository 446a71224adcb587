import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sampleDate } from './sampleDate';
import { sanitizeDate, validateDate } from './validate';

/** A calendar day saved as `YYYY-MM-DD`, shown `DD MMM YYYY` when read. */
export default defineFieldRules<string | null, 'date'>({
  type: 'date',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDate,
  validate: validateDate,
  sampleValue: (field, context) => sampleDate(field, context.today),
  plainAliases: ['date'],
});
