import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { HeadlineWidget } from './Widget';

/** Flowable's `headline`: the field's label as a heading across the form. */
export default defineFieldPlugin<null>({
  type: 'headline',
  Widget: HeadlineWidget,
  inlineWidget: true,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
  ownsLabel: true,
});
