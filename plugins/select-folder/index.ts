import { defineFieldPlugin } from '../../src/forms/registry/defineFieldPlugin';
import rules from './rules';
import { SelectFolderWidget } from './Widget';

/** An Alfresco folder picker, shown as "not available here". */
export default defineFieldPlugin({
  ...rules,
  Widget: SelectFolderWidget,
  inlineWidget: true,
  ownsLabel: true,
});
