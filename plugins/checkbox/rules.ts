import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import {
  isCheckboxEmpty,
  sampleCheckbox,
  sanitizeCheckbox,
  validateCheckbox,
  type CheckboxValue,
} from './validate';

/** Several choices to tick (a list), or a single tick box when the field has no choices. */
export default defineFieldRules<CheckboxValue, 'checkbox'>({
  type: 'checkbox',
  valueType: ['array', 'boolean'],
  // A checkbox with options is a multi-choice list; without, a single tick.
  valueTypeOf: (field) => ((field.options?.length ?? 0) > 0 ? 'array' : 'boolean'),
  emptyValue: [],
  sanitize: sanitizeCheckbox,
  isEmpty: isCheckboxEmpty,
  validate: validateCheckbox,
  sampleValue: sampleCheckbox,
  hasOptions: true,
});
