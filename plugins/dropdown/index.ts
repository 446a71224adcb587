import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { DropdownWidget } from './Widget';

/** One choice from a drop-down list (Flowable `dropdown`, designer `dropdown`). */
export default defineFieldPlugin({
  ...rules,
  Widget: DropdownWidget,
  inlineWidget: true,
});
