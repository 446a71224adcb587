import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import { SpacerWidget } from './Widget';

/** Flowable's `spacer`: an empty cell of its width. */
export default defineFieldPlugin<null>({
  type: 'spacer',
  Widget: SpacerWidget,
  inlineWidget: true,
  emptyValue: null,
  sanitize: () => null,
  valueType: 'none',
  displayOnly: true,
  ownsLabel: true,
});
