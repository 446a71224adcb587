import { formatReportDate } from '../../src/core/format';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { dateFromPlain } from './plain';
import { sampleDate } from './sampleDate';
import { sanitizeDate, validateDate } from './validate';

/** A day as a date field stores it: `2026-03-05`. */
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day saved as `YYYY-MM-DD`, shown `DD MMM YYYY` when read. */
export default defineFieldRules<string | null, 'date'>({
  type: 'date',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDate,
  validate: validateDate,
  sampleValue: (field, context) => sampleDate(field, context.today),
  plainAliases: ['date'],
  fromPlain: dateFromPlain,
  // A day's value is checked as a JSON Schema `date`.
  valueSchema: () => ({ format: 'date' }),
  // A report shows a day `YYYY-MM-DD` as a report date in the language; other text as typed.
  reportText: (text, language) =>
    ISO_DAY.test(text.trim()) ? formatReportDate(text.trim(), language) : undefined,
});
