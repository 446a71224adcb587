import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import {
  optionValueType,
  sanitizeChoice,
  validateChoice,
} from '../../src/core/forms/fields/options';

/** One choice from a drop-down list (Flowable `dropdown`, designer `dropdown`). */
export default defineFieldRules<unknown, 'dropdown'>({
  type: 'dropdown',
  valueType: ['string', 'number', 'boolean'],
  valueTypeOf: (field) => optionValueType(field.options),
  emptyValue: null,
  sanitize: sanitizeChoice,
  validate: validateChoice,
  // The first real choice: a list may open with an empty "choose one" entry.
  sampleValue: (field) => field.options?.find((option) => option.value !== '')?.value,
  hasOptions: true,
  plainAliases: ['dropdown'],
});
