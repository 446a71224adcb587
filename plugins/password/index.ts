import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { sampleText } from '../text/sampleText';
import { PasswordWidget } from './Widget';

/** A secret typed by the user (Flowable `password`); length rules come from the schema. */
export default defineFieldPlugin<string>({
  type: 'password',
  Widget: PasswordWidget,
  emptyValue: '',
  sanitize: sanitizeText,
  sampleValue: (field) => sampleText(field, 'Sample#Pass2026'),
  valueType: 'string',
});
