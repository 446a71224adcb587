import { EXPRESSION_SOURCE_SCHEMA } from '../../schemas/forms/configSchemas';
import { isFormulaError } from '../../src/core/forms/formula/formulaValue';
import { PERCENT_FORMAT } from '../../src/core/forms/fields/showsPercent';
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
  formula: ({ config }) =>
    typeof config.expression === 'string'
      ? { expression: config.expression, kind: 'value' }
      : undefined,
  designerConfig: {
    type: 'object',
    required: ['expression'],
    properties: {
      expression: EXPRESSION_SOURCE_SCHEMA,
      decimals: { type: 'integer', minimum: 0, maximum: 10 },
      resultType: { type: 'string', enum: ['number', 'string', 'boolean'] },
      format: { type: 'string', enum: [PERCENT_FORMAT] },
    },
  },
  designerConfigRequired: true,
});
