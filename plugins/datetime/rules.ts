import { formatReportDate } from '../../src/core/format';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { dateTimeFromPlain } from './plain';
import { sampleDateTime, sanitizeDateTime, validateDateTime } from './validate';

/** A wall-clock moment as a date-time field stores it: `2026-03-05T14:30`, seconds optional. */
const WALL_CLOCK = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/;

/** A day and a time of day, saved as local wall time `YYYY-MM-DDTHH:mm` (APS `datetime`). */
export default defineFieldRules<string | null, 'datetime'>({
  type: 'datetime',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDateTime,
  validate: validateDateTime,
  sampleValue: (field, context) => sampleDateTime(field, context.today),
  plainAliases: ['datetime'],
  fromPlain: dateTimeFromPlain,
  // A report shows a wall-clock moment `YYYY-MM-DDTHH:mm` as a report date in the language; other text as typed.
  reportText: (text, language) =>
    WALL_CLOCK.test(text.trim()) ? formatReportDate(text.trim(), language, true) : undefined,
});
