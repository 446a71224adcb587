import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A picture, kept as the id of its JPEG. The camera, the editor (fabric) and the viewer are
 * loaded only when a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.PictureWidget })),
});
