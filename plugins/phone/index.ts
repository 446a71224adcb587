import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { PhoneWidget } from './Widget';

/** A phone number, validated with libphonenumber-js and saved in E.164. */
export default defineFieldPlugin({
  ...rules,
  Widget: PhoneWidget,
});
