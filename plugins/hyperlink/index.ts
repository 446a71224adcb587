import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { HyperlinkWidget } from './Widget';

/** Flowable's `hyperlink`: a link with a display text, opened in a new tab. */
export default defineFieldPlugin({
  ...rules,
  Widget: HyperlinkWidget,
  ownsLabel: true,
});
