import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { settingsNotApplied } from '../../src/core/forms/compiler/unappliedSettings';
import { sanitizeDirectoryId } from '../../src/core/forms/fields/sanitizeDirectoryId';

/** A person (Flowable `people`), stored by id. */
export default defineFieldRules<string | null, 'people'>({
  type: 'people',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDirectoryId,
  plainAliases: ['people'],
  // APS's `restrictWithGroup` is not carried out: the author is told so by name.
  fromPlain: settingsNotApplied(['restrictWithGroup']),
});
