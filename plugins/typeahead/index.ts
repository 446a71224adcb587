import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { TypeaheadWidget } from './Widget';

/** One choice found by typing part of its label. */
export default defineFieldPlugin({
  ...rules,
  Widget: TypeaheadWidget,
});
