import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { HorizontalLineWidget } from './Widget';

/** Flowable's `horizontal-line`: a separator. */
export default defineFieldPlugin({
  ...rules,
  Widget: HorizontalLineWidget,
  inlineWidget: true,
  ownsLabel: true,
});
