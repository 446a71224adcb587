import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeText } from '../../src/forms/registry/valueText';
import { PasswordWidget } from './Widget';

/** A secret typed by the user (Flowable `password`); length rules come from the schema. */
export default defineFieldPlugin<string>({
  type: 'password',
  Widget: PasswordWidget,
  emptyValue: '',
  sanitize: sanitizeText,
  valueType: 'string',
});
