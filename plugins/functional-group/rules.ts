import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { settingsNotApplied } from '../../src/core/forms/compiler/unappliedSettings';
import { sanitizeDirectoryId } from '../../src/core/forms/fields/sanitizeDirectoryId';

/** A functional group (Flowable `functional-group`), stored by id. */
export default defineFieldRules<string | null, 'functional-group'>({
  type: 'functional-group',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDirectoryId,
  plainAliases: ['functional-group'],
  // APS's `restrictWithGroup` is not carried out: the author is told so by name.
  fromPlain: settingsNotApplied(['restrictWithGroup']),
});
