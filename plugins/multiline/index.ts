import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { MultilineWidget } from './Widget';

/** Several lines of text with a character limit from the config and a used/max counter. */
export default defineFieldPlugin({
  ...rules,
  Widget: MultilineWidget,
  inlineWidget: true,
});
