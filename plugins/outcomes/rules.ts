import { OUTCOME_SCHEMA } from '../../schemas/forms/configSchemas';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Buttons that save or submit the form, placed among the fields. */
export default defineFieldRules<null, 'outcomes'>({
  type: 'outcomes',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  designerConfig: {
    type: 'object',
    required: ['outcomes'],
    properties: { outcomes: { type: 'array', items: OUTCOME_SCHEMA, minItems: 1 } },
  },
  designerConfigRequired: true,
  hiddenInReports: true,
});
