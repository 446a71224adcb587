import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * Flowable's `upload`: one document on the task's file store. The widget is loaded only when
 * a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.UploadWidget })),
});
