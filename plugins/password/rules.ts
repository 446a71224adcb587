import { sanitizeText } from '../../src/core/forms/fields/valueText';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sampleText } from '../text/sampleText';

/** A secret typed by the user (Flowable `password`); length rules come from the schema. */
export default defineFieldRules<string, 'password'>({
  type: 'password',
  valueType: 'string',
  emptyValue: '',
  sanitize: sanitizeText,
  sampleValue: (field) => sampleText(field, 'Sample#Pass2026'),
  plainAliases: ['password'],
  hiddenInReports: true,
});
