import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { BooleanWidget } from './Widget';

/**
 * Yes or no. A required boolean must be switched on (a consent, a confirmation), so an
 * unset or `false` value counts as empty. Stored text `"true"` is read as true.
 */
export default defineFieldPlugin({
  ...rules,
  Widget: BooleanWidget,
  inlineWidget: true,
  ownsLabel: true,
});
