import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { HyperlinkWidget } from './Widget';

/** Flowable's `hyperlink`: a link with a display text, opened in a new tab. */
export default defineFieldPlugin<null>({
  type: 'hyperlink',
  Widget: HyperlinkWidget,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
  ownsLabel: true,
});
