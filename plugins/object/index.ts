import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { ObjectWidget } from './Widget';

/** A structured value (an address, a record) shown read-only as JSON. */
export default defineFieldPlugin({
  ...rules,
  Widget: ObjectWidget,
  inlineWidget: true,
});
