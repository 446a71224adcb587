import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { sampleText } from '../text/sampleText';
import { multilineLimit, validateMultiline } from './validate';
import { MultilineWidget } from './Widget';

/** What Autofill writes: a short sentence, cut to the field's limit. */
const MULTILINE_SAMPLE = 'Filled in automatically to test the process.';

/** Several lines of text with a character limit from the config and a used/max counter. */
export default defineFieldPlugin<string>({
  type: 'multiline',
  Widget: MultilineWidget,
  inlineWidget: true,
  validate: validateMultiline,
  emptyValue: '',
  sanitize: sanitizeText,
  sampleValue: (field) => sampleText(field, MULTILINE_SAMPLE, multilineLimit(field)),
  valueType: 'string',
});
