import type { PluginType } from '../../../../schemas/forms';

/** Types that show something but hold no value: no schema property, no validation. */
export const DISPLAY_ONLY_TYPES: ReadonlySet<PluginType> = new Set<PluginType>([
  'expression',
  'outcomes',
  'headline',
  'headline-with-line',
  'spacer',
  'horizontal-line',
  'hyperlink',
  'unsupported',
]);

/** Display types that always take a whole row and break the one before them. */
export const FULL_WIDTH_TYPES: ReadonlySet<PluginType> = new Set<PluginType>([
  'headline',
  'headline-with-line',
  'horizontal-line',
]);

/** Types whose value the form computes; the user never types it. */
export const COMPUTED_TYPES: ReadonlySet<PluginType> = new Set<PluginType>([
  'formula',
  'error-messages',
]);

/** Types that offer a list of choices. */
export const OPTION_TYPES: ReadonlySet<PluginType> = new Set<PluginType>([
  'dropdown',
  'radio',
  'checkbox',
]);
