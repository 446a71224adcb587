import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { SpacerWidget } from './Widget';

/** Flowable's `spacer`: an empty cell of its width. */
export default defineFieldPlugin({
  ...rules,
  Widget: SpacerWidget,
  inlineWidget: true,
  ownsLabel: true,
});
