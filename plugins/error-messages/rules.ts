import { EXPRESSION_SOURCE_SCHEMA, LOCALIZED_TEXT_SCHEMA } from '../../schemas/forms/configSchemas';
import { MESSAGE_KINDS } from '../../schemas/forms/formConstants';
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
  formula: ({ config }) =>
    typeof config.condition === 'string'
      ? { expression: config.condition, kind: 'condition' }
      : undefined,
  designerConfig: {
    type: 'object',
    required: ['kind', 'message'],
    properties: {
      kind: { type: 'string', enum: [...MESSAGE_KINDS] },
      message: LOCALIZED_TEXT_SCHEMA,
      condition: EXPRESSION_SOURCE_SCHEMA,
      blockIfFalse: { type: 'boolean' },
    },
  },
  designerConfigRequired: true,
});
