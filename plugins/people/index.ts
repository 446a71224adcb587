import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeDirectoryId } from '../../src/core/forms/fields/sanitizeDirectoryId';

/**
 * A person (Flowable `people`), stored by id. The picker with its search popover is
 * loaded only when a form has such a field.
 */
export default defineFieldPlugin<string | null>({
  type: 'people',
  loadWidget: () => import('./Widget').then((module) => ({ default: module.PeopleWidget })),
  emptyValue: null,
  sanitize: sanitizeDirectoryId,
  valueType: 'string',
});
