import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { ObjectWidget } from './Widget';

/** A structured value (a record) shown read-only as a list of its properties. */
export default defineFieldPlugin({
  ...rules,
  Widget: ObjectWidget,
  inlineWidget: true,
});
