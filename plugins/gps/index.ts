import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A device location, `[latitude, longitude]` to 5 decimals. The widget (geolocation, the
 * map link, the clear confirmation) is loaded only when a form has such a field.
 */
export default defineFieldPlugin({
  ...rules,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.GpsWidget })),
});
