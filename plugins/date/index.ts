import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { DateWidget } from './Widget';

/** A calendar day saved as `YYYY-MM-DD`, shown `DD MMM YYYY` when read. */
export default defineFieldPlugin({
  ...rules,
  Widget: DateWidget,
  inlineWidget: true,
});
