import { FormulaConfig } from '../../schemas/forms/designerForm';
import { isFormulaError } from '../../src/core/forms/formula/formulaValue';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/**
 * A value the form computes from other fields with the formula engine; read-only. An
 * error value (a broken formula, a division by zero) is saved as nothing.
 */
export default defineFieldRules<unknown, 'formula'>({
  type: 'formula',
  valueType: ['number', 'string', 'boolean'],
  valueTypeOf: ({ config }) =>
    config.resultType === 'string' || config.resultType === 'boolean'
      ? config.resultType
      : 'number',
  emptyValue: null,
  sanitize: (value) => (value === undefined || isFormulaError(value) ? null : value),
  computed: true,
  designerConfig: FormulaConfig,
  designerConfigRequired: true,
});
