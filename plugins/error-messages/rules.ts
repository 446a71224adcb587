import { ErrorMessagesConfig } from '../../schemas/forms/designerForm';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { sanitizeCondition, validateMessage } from './validate';

/**
 * A message field: an Error, Alert, Info, None or Success text shown when its `condition`
 * is unmet; with `blockIfFalse` a false condition stops submit. Its value is the computed
 * condition.
 */
export default defineFieldRules<unknown, 'error-messages'>({
  type: 'error-messages',
  // The value is the condition: false blocks when blockIfFalse is set.
  valueType: 'boolean',
  emptyValue: null,
  sanitize: sanitizeCondition,
  validate: validateMessage,
  computed: true,
  designerConfig: ErrorMessagesConfig,
  designerConfigRequired: true,
});
