import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeDate, validateDate } from './validate';
import { DateWidget } from './Widget';

/** A calendar day saved as `YYYY-MM-DD`, shown `DD MMM YYYY` when read. */
export default defineFieldPlugin<string | null>({
  type: 'date',
  Widget: DateWidget,
  inlineWidget: true,
  validate: validateDate,
  emptyValue: null,
  sanitize: sanitizeDate,
  valueType: 'string',
});
