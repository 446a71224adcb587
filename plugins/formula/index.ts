import { isFormulaError } from '../../src/forms/formula/formulaValue';
import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { FormulaWidget } from './Widget';

/**
 * A value the form computes from other fields with the formula engine; read-only. An
 * error value (a broken formula, a division by zero) is shown in the field and saved as
 * nothing.
 */
export default defineFieldPlugin<unknown>({
  type: 'formula',
  Widget: FormulaWidget,
  emptyValue: null,
  sanitize: (value) => (value === undefined || isFormulaError(value) ? null : value),
  valueType: ['number', 'string', 'boolean'],
  computed: true,
});
