import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Flowable's `horizontal-line`: a separator. */
export default defineFieldRules<null, 'horizontal-line'>({
  type: 'horizontal-line',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  fullWidth: true,
  plainAliases: ['horizontal-line'],
  hiddenInReports: true,
});
