import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import {
  hasChoices,
  isCheckboxEmpty,
  sampleCheckbox,
  sanitizeCheckbox,
  validateCheckbox,
  type CheckboxValue,
} from './validate';
import { CheckboxWidget } from './Widget';

/** Several choices to tick (a list), or a single tick box when the field has no choices. */
export default defineFieldPlugin<CheckboxValue>({
  type: 'checkbox',
  Widget: CheckboxWidget,
  inlineWidget: true,
  validate: validateCheckbox,
  emptyValue: [],
  sanitize: sanitizeCheckbox,
  isEmpty: isCheckboxEmpty,
  sampleValue: sampleCheckbox,
  valueType: ['array', 'boolean'],
  ownsLabel: (field) => !hasChoices(field),
});
