import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { DateTimeWidget } from './Widget';

/** A day and a time of day, saved as local wall time `YYYY-MM-DDTHH:mm`. */
export default defineFieldPlugin({
  ...rules,
  Widget: DateTimeWidget,
  inlineWidget: true,
});
