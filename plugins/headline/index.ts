import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { HeadlineWidget } from './Widget';

/** Flowable's `headline`: the field's label as a heading across the form. */
export default defineFieldPlugin({
  ...rules,
  Widget: HeadlineWidget,
  inlineWidget: true,
  ownsLabel: true,
});
