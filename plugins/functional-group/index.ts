import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { sanitizeDirectoryId } from '../../src/core/forms/fields/sanitizeDirectoryId';

/**
 * A functional group (Flowable `functional-group`), stored by id. The picker is loaded
 * only when a form has such a field.
 */
export default defineFieldPlugin<string | null>({
  type: 'functional-group',
  loadWidget: () =>
    import('./Widget').then((module) => ({ default: module.FunctionalGroupWidget })),
  emptyValue: null,
  sanitize: sanitizeDirectoryId,
  valueType: 'string',
});
