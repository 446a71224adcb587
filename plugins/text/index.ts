import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { TextWidget } from './Widget';

/**
 * One line of text (Flowable `text`, designer `input`). Its length and pattern rules are
 * the schema's `minLength`, `maxLength` and `pattern`, which the runtime checks for every
 * field, so the plugin adds none.
 */
export default defineFieldPlugin({
  ...rules,
  Widget: TextWidget,
  inlineWidget: true,
});
