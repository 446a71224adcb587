import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A spreadsheet or PDF upload with the spreadsheet's rows shown under it. The widget is
 * loaded only when a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.UploadExcelWidget })),
});
