import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeChoice, validateChoice } from '../../src/core/forms/fields/options';
import { DropdownWidget } from './Widget';

/** One choice from a drop-down list (Flowable `dropdown`, designer `dropdown`). */
export default defineFieldPlugin<unknown>({
  type: 'dropdown',
  Widget: DropdownWidget,
  inlineWidget: true,
  validate: validateChoice,
  emptyValue: null,
  sanitize: sanitizeChoice,
  // The first real choice: a list may open with an empty "choose one" entry.
  sampleValue: (field) => field.options?.find((option) => option.value !== '')?.value,
  valueType: ['string', 'number', 'boolean'],
});
