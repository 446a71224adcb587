import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { hasChoices } from './validate';
import { CheckboxWidget } from './Widget';

/** Several choices to tick (a list), or a single tick box when the field has no choices. */
export default defineFieldPlugin({
  ...rules,
  Widget: CheckboxWidget,
  inlineWidget: true,
  ownsLabel: (field) => !hasChoices(field),
});
