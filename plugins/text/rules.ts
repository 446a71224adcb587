import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { textFromPlain } from './plain';
import { maskExample, maskOf } from './inputMask';
import { SAMPLE_TEXT, sampleText } from './sampleText';
import { validateText } from './validate';

/**
 * One line of text (Flowable `text`, designer `input`). Its length and pattern rules are
 * the schema's `minLength`, `maxLength` and `pattern`, which the form's validation checks
 * for every field; the plugin checks an APS input mask (`config.inputMask`).
 */
export default defineFieldRules<string, 'text'>({
  type: 'text',
  valueType: 'string',
  emptyValue: '',
  sanitize: sanitizeText,
  validate: validateText,
  sampleValue: (field) => {
    const mask = maskOf(field);
    return mask ? maskExample(mask) : sampleText(field, SAMPLE_TEXT);
  },
  plainAliases: ['text'],
  fromPlain: textFromPlain,
  designerAliases: ['input'],
});
