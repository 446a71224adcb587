import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeChoice, validateChoice } from '../../src/core/forms/fields/options';
import { RadioWidget } from './Widget';

/** One choice among radio buttons (Flowable `radio-buttons`, designer `radio`). */
export default defineFieldPlugin<unknown>({
  type: 'radio',
  Widget: RadioWidget,
  inlineWidget: true,
  validate: validateChoice,
  emptyValue: null,
  sanitize: sanitizeChoice,
  // The first real choice: a list may open with an empty "choose one" entry.
  sampleValue: (field) => field.options?.find((option) => option.value !== '')?.value,
  valueType: ['string', 'number', 'boolean'],
});
