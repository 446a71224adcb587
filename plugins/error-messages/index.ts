import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeCondition, validateMessage } from './validate';
import { ErrorMessagesWidget } from './Widget';

/**
 * A message field: an Error, Alert, Info, None or Success text shown when its `condition`
 * is unmet; with `blockIfFalse` a false condition stops submit. Its value is the computed
 * condition.
 */
export default defineFieldPlugin<unknown>({
  type: 'error-messages',
  Widget: ErrorMessagesWidget,
  validate: validateMessage,
  emptyValue: null,
  sanitize: sanitizeCondition,
  valueType: 'boolean',
  computed: true,
  ownsLabel: true,
  ownsErrors: true,
});
