import { OutcomesConfig } from '../../schemas/forms/designerForm';
import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Buttons that save or submit the form, placed among the fields. */
export default defineFieldRules<null, 'outcomes'>({
  type: 'outcomes',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  designerConfig: OutcomesConfig,
  designerConfigRequired: true,
});
