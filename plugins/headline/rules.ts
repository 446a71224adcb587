import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Flowable's `headline`: the field's label as a heading across the form. */
export default defineFieldRules<null, 'headline'>({
  type: 'headline',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  fullWidth: true,
  plainAliases: ['headline'],
  hiddenInReports: true,
});
