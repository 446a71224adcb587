import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { HeadlineWithLineWidget } from './Widget';

/** Flowable's `headline-with-line`: a heading with a rule under it. */
export default defineFieldPlugin({
  ...rules,
  Widget: HeadlineWithLineWidget,
  inlineWidget: true,
  ownsLabel: true,
});
