import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A functional group (Flowable `functional-group`), stored by id. The picker is loaded
 * only when a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () =>
    import('./Widget').then((module) => ({ default: module.FunctionalGroupWidget })),
});
