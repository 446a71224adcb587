import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { multilineFromDesigner } from './designer';
import { multilineFromPlain } from './plain';
import { sampleText } from '../text/sampleText';
import { multilineLimit, validateMultiline } from './validate';

/** What Autofill writes: a short sentence, cut to the field's limit. */
const MULTILINE_SAMPLE = 'Filled in automatically to test the process.';

/** Several lines of text with a character limit from the config and a used/max counter. */
export default defineFieldRules<string, 'multiline'>({
  type: 'multiline',
  valueType: 'string',
  emptyValue: '',
  sanitize: sanitizeText,
  validate: validateMultiline,
  sampleValue: (field) => sampleText(field, MULTILINE_SAMPLE, multilineLimit(field)),
  plainAliases: ['multi-line-text'],
  fromPlain: multilineFromPlain,
  designerConfig: {
    type: 'object',
    properties: {
      maxLength: { type: 'integer', minimum: 1 },
      rows: { type: 'integer', minimum: 1, maximum: 50 },
    },
  },
  fromDesigner: multilineFromDesigner,
});
