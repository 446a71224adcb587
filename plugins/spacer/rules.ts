import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';

/** Flowable's `spacer`: an empty cell of its width. */
export default defineFieldRules<null, 'spacer'>({
  type: 'spacer',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  plainAliases: ['spacer'],
  hiddenInReports: true,
});
