import { defineFieldRules } from '../../src/core/forms/plugins/defineFieldRules';
import { selectFolderFromPlain } from './plain';

/**
 * APS `select-folder`: a folder picker over an Alfresco content repository. Tessera has
 * no content repository, so the field holds nothing and checks nothing; it shows why it
 * cannot be filled in, and the compiler keeps its settings and warns the author.
 */
export default defineFieldRules<null, 'select-folder'>({
  type: 'select-folder',
  valueType: 'none',
  emptyValue: null,
  sanitize: () => null,
  displayOnly: true,
  plainAliases: ['select-folder'],
  fromPlain: selectFolderFromPlain,
});
