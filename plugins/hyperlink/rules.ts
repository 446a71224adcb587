import { LOCALIZED_TEXT_SCHEMA } from '../../schemas/forms/configSchemas';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { hyperlinkFromDesigner } from './designer';
import { hyperlinkFromPlain } from './plain';

/** Flowable's `hyperlink`: a link with a display text, opened in a new tab. */
export default defineFieldRules<null, 'hyperlink'>({
  type: 'hyperlink',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  plainAliases: ['hyperlink'],
  fromPlain: hyperlinkFromPlain,
  designerConfig: {
    type: 'object',
    required: ['url'],
    properties: { url: { type: 'string', minLength: 1 }, displayText: LOCALIZED_TEXT_SCHEMA },
  },
  designerConfigRequired: true,
  fromDesigner: hyperlinkFromDesigner,
  hiddenInReports: true,
});
