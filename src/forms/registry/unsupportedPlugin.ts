import { defineFieldPlugin } from './defineFieldPlugin';
import { UnsupportedFieldBox } from './UnsupportedFieldBox';

/** The type the compiler gives fields whose written type it does not know. */
export const UNSUPPORTED_TYPE = 'unsupported';

/**
 * The fallback for any type without a plugin. It holds no value and checks nothing: the
 * user cannot fill it in, so it must not stop them from saving the rest of the form.
 */
export const unsupportedPlugin = defineFieldPlugin<null>({
  type: UNSUPPORTED_TYPE,
  Widget: UnsupportedFieldBox,
  inlineWidget: true,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
  ownsLabel: true,
});
