import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { PasswordWidget } from './Widget';

/** A secret typed by the user (Flowable `password`); length rules come from the schema. */
export default defineFieldPlugin({
  ...rules,
  Widget: PasswordWidget,
});
