import { HyperlinkConfig } from '../../schemas/forms/designerForm';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Flowable's `hyperlink`: a link with a display text, opened in a new tab. */
export default defineFieldRules<null, 'hyperlink'>({
  type: 'hyperlink',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  plainAliases: ['hyperlink'],
  designerConfig: HyperlinkConfig,
  designerConfigRequired: true,
});
