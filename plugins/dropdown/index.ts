import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeChoice, validateChoice } from '../../src/forms/registry/options';
import { DropdownWidget } from './Widget';

/** One choice from a drop-down list (Flowable `dropdown`, designer `dropdown`). */
export default defineFieldPlugin<unknown>({
  type: 'dropdown',
  Widget: DropdownWidget,
  inlineWidget: true,
  validate: validateChoice,
  emptyValue: null,
  sanitize: sanitizeChoice,
  valueType: ['string', 'number', 'boolean'],
});
