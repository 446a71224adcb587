import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Flowable's `headline-with-line`: a heading with a rule under it. */
export default defineFieldRules<null, 'headline-with-line'>({
  type: 'headline-with-line',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  fullWidth: true,
  plainAliases: ['headline-with-line'],
  hiddenInReports: true,
});
