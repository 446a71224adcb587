import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeText } from '../../src/forms/registry/valueText';
import { validateMultiline } from './validate';
import { MultilineWidget } from './Widget';

/** Several lines of text with a character limit from the config and a used/max counter. */
export default defineFieldPlugin<string>({
  type: 'multiline',
  Widget: MultilineWidget,
  inlineWidget: true,
  validate: validateMultiline,
  emptyValue: '',
  sanitize: sanitizeText,
  valueType: 'string',
});
