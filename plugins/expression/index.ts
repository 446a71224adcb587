import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { ExpressionWidget } from './Widget';

/** Read-only text built from other fields (`"${fullName} asks for a ${loanPurpose} loan"`). */
export default defineFieldPlugin({
  ...rules,
  Widget: ExpressionWidget,
});
