import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { OutcomesWidget } from './Widget';

/**
 * Buttons that save or submit the form, placed among the fields: SECTION_SAVE and
 * ONLY_FORM_SAVE save a draft, SECTION_SUBMIT and the default type validate and submit.
 */
export default defineFieldPlugin({
  ...rules,
  Widget: OutcomesWidget,
  inlineWidget: true,
  ownsLabel: true,
});
