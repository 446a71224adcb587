import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { SAMPLE_TEXT, sampleText } from './sampleText';

/**
 * One line of text (Flowable `text`, designer `input`). Its length and pattern rules are
 * the schema's `minLength`, `maxLength` and `pattern`, which the form's validation checks
 * for every field, so the plugin adds none.
 */
export default defineFieldRules<string, 'text'>({
  type: 'text',
  valueType: 'string',
  emptyValue: '',
  sanitize: sanitizeText,
  sampleValue: (field) => sampleText(field, SAMPLE_TEXT),
  plainAliases: ['text'],
  designerAliases: ['input'],
});
