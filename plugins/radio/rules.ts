import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import {
  optionValueType,
  sanitizeChoice,
  validateChoice,
} from '../../src/core/forms/fields/options';

/** One choice among radio buttons (Flowable `radio-buttons`, designer `radio`). */
export default defineFieldRules<unknown, 'radio'>({
  type: 'radio',
  valueType: ['string', 'number', 'boolean'],
  valueTypeOf: (field) => optionValueType(field.options),
  emptyValue: null,
  sanitize: sanitizeChoice,
  validate: validateChoice,
  // The first real choice: a list may open with an empty "choose one" entry.
  sampleValue: (field) => field.options?.find((option) => option.value !== '')?.value,
  hasOptions: true,
  plainAliases: ['radio-buttons'],
});
