import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';

/**
 * A button that calls one of the tenant's webhook targets and shows the result. The widget
 * is loaded only when a form has such a button.
 */
export default defineFieldPlugin({
  ...rules,
  ownsLabel: true,
  loadWidget: () => import('./Widget').then((module) => ({ default: module.WebhookButtonWidget })),
});
