import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { peopleFromPlain } from './plain';
import { sanitizeDirectoryId } from '../../src/core/forms/fields/sanitizeDirectoryId';

/** A person (Flowable `people`), stored by id. */
export default defineFieldRules<string | null, 'people'>({
  type: 'people',
  valueType: 'string',
  emptyValue: null,
  sanitize: sanitizeDirectoryId,
  plainAliases: ['people'],
  fromPlain: peopleFromPlain,
});
