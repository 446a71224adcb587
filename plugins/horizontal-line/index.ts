import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { HorizontalLineWidget } from './Widget';

/** Flowable's `horizontal-line`: a separator. */
export default defineFieldPlugin<null>({
  type: 'horizontal-line',
  Widget: HorizontalLineWidget,
  inlineWidget: true,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
  ownsLabel: true,
});
