import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A drawn signature, kept as the id of its PNG. The drawing pad is loaded only when a form
 * has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.SignatureWidget })),
});
