import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { CountryWidget } from './Widget';

/** A country or nationality from the ISO 3166-1 list, stored as its alpha-2 code. */
export default defineFieldPlugin({
  ...rules,
  Widget: CountryWidget,
  inlineWidget: true,
});
