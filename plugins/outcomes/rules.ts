import type { DesignerOutcome } from '../../schemas/forms';
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
  // Its buttons, as written, are the form's when the form names none of its own.
  formOutcomes: (field) => (field.config.outcomes ?? []) as DesignerOutcome[],
  hiddenInReports: true,
});
