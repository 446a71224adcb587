import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { expressionFromPlain } from './plain';

/**
 * Read-only text built from other fields (`"${fullName} asks for a ${loanPurpose} loan"`).
 * Flowable's `readonly-text` (the Activiti-lineage display of a value) is shown the same way.
 */
export default defineFieldRules<null, 'expression'>({
  type: 'expression',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  plainAliases: ['expression', 'readonly-text'],
  fromPlain: expressionFromPlain,
  designerConfig: {
    type: 'object',
    required: ['expression'],
    properties: { expression: { type: 'string' } },
  },
  designerConfigRequired: true,
});
