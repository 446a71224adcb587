import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { ErrorMessagesWidget } from './Widget';

/**
 * A message field: an Error, Alert, Info, None or Success text shown when its `condition`
 * is unmet; with `blockIfFalse` a false condition stops submit. Its value is the computed
 * condition.
 */
export default defineFieldPlugin({
  ...rules,
  Widget: ErrorMessagesWidget,
  ownsLabel: true,
  ownsErrors: true,
});
