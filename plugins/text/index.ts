import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { SAMPLE_TEXT, sampleText } from './sampleText';
import { TextWidget } from './Widget';

/**
 * One line of text (Flowable `text`, designer `input`). Its length and pattern rules are
 * the schema's `minLength`, `maxLength` and `pattern`, which the runtime checks for every
 * field, so the plugin adds none.
 */
export default defineFieldPlugin<string>({
  type: 'text',
  Widget: TextWidget,
  inlineWidget: true,
  emptyValue: '',
  sanitize: sanitizeText,
  sampleValue: (field) => sampleText(field, SAMPLE_TEXT),
  valueType: 'string',
});
