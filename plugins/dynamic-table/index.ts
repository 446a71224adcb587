import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A table of typed columns the user fills in row by row. The table widget is loaded only
 * when a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.DynamicTableWidget })),
  // A cell's errors show on the cell; the table says how many need attention.
  ownsErrors: true,
});
