import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { FormulaWidget } from './Widget';

/**
 * A value the form computes from other fields with the formula engine; read-only. An
 * error value (a broken formula, a division by zero) is shown as the field's error and saved
 * as nothing; the widget shows it, since it is a value and not a validation error.
 */
export default defineFieldPlugin({
  ...rules,
  Widget: FormulaWidget,
  ownsErrors: true,
});
