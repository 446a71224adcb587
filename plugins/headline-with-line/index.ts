import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { HeadlineWithLineWidget } from './Widget';

/** Flowable's `headline-with-line`: a heading with a rule under it. */
export default defineFieldPlugin<null>({
  type: 'headline-with-line',
  Widget: HeadlineWithLineWidget,
  inlineWidget: true,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
  ownsLabel: true,
});
