import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { AddressWidget } from './Widget';

/** A postal address in parts, editable part by part and saved as one structured value. */
export default defineFieldPlugin({
  ...rules,
  Widget: AddressWidget,
  inlineWidget: true,
});
