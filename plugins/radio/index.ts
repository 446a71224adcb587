import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { RadioWidget } from './Widget';

/** One choice among radio buttons (Flowable `radio-buttons`, designer `radio`). */
export default defineFieldPlugin({
  ...rules,
  Widget: RadioWidget,
  inlineWidget: true,
});
