import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { ExpressionWidget } from './Widget';

/** Read-only text built from other fields (`"${fullName} asks for a ${loanPurpose} loan"`). */
export default defineFieldPlugin<null>({
  type: 'expression',
  Widget: ExpressionWidget,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
});
