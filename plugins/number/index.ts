import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { NumberWidget } from './Widget';

/**
 * A number: Flowable `integer`, `decimal` and `amount`, designer `number` with a
 * `numberKind`. Accepts numbers and numeric strings with a space between thousands.
 */
export default defineFieldPlugin({
  ...rules,
  Widget: NumberWidget,
  inlineWidget: true,
});
