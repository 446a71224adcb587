import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A person (Flowable `people`), stored by id. The picker with its search popover is
 * loaded only when a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.PeopleWidget })),
});
