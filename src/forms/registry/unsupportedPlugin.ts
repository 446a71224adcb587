import { UNSUPPORTED_TYPE, unsupportedRules } from '../../core/forms/plugins/pluginCatalog';
import { defineFieldPlugin } from './defineFieldPlugin';
import { UnsupportedFieldBox } from './UnsupportedFieldBox';

export { UNSUPPORTED_TYPE };

/**
 * The fallback for any type without a plugin: the core's unsupported rules (no value, no
 * checks) drawn as a visible box, so a user-made form never blanks the page.
 */
export const unsupportedPlugin = defineFieldPlugin<null>({
  ...unsupportedRules,
  Widget: UnsupportedFieldBox,
  inlineWidget: true,
  ownsLabel: true,
});
