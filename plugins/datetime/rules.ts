import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sampleDateTime, sanitizeDateTime, validateDateTime } from './validate';

/** A day and a time of day, saved as local wall time `YYYY-MM-DDTHH:mm` (APS `datetime`). */
export default defineFieldRules<string | null, 'datetime'>({
  type: 'datetime',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDateTime,
  validate: validateDateTime,
  sampleValue: (field, context) => sampleDateTime(field, context.today),
  plainAliases: ['datetime'],
});
