import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { ReadonlyWidget } from './Widget';

/** APS "Display value": another field's or variable's value, shown read-only. */
export default defineFieldPlugin({
  ...rules,
  Widget: ReadonlyWidget,
});
