import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { BooleanWidget } from './Widget';

/**
 * Yes or no. A required boolean must be switched on (a consent, a confirmation), so an
 * unset or `false` value counts as empty. Stored text `"true"` is read as true.
 */
export default defineFieldPlugin<boolean>({
  type: 'boolean',
  Widget: BooleanWidget,
  inlineWidget: true,
  emptyValue: false,
  sanitize: (value) => value === true || value === 'true',
  isEmpty: (value) => !value,
  // Only a required switch must be on; an optional one may open more of the form.
  sampleValue: (field) => (field.required ? true : undefined),
  valueType: 'boolean',
  ownsLabel: true,
});
