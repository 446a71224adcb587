import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeDate, validateDate } from './validate';
import { sampleDate } from './sampleDate';
import { DateWidget } from './Widget';

/** A calendar day saved as `YYYY-MM-DD`, shown `DD MMM YYYY` when read. */
export default defineFieldPlugin<string | null>({
  type: 'date',
  Widget: DateWidget,
  inlineWidget: true,
  validate: validateDate,
  emptyValue: null,
  sanitize: sanitizeDate,
  sampleValue: (field, context) => sampleDate(field, context.today),
  valueType: 'string',
});
