import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { functionalGroupFromPlain } from './plain';
import { sanitizeDirectoryId } from '../../src/core/forms/fields/sanitizeDirectoryId';

/** A functional group (Flowable `functional-group`), stored by id. */
export default defineFieldRules<string | null, 'functional-group'>({
  type: 'functional-group',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDirectoryId,
  plainAliases: ['functional-group'],
  fromPlain: functionalGroupFromPlain,
});
