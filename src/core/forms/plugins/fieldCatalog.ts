import { createPluginCatalog, type PluginCatalog } from './pluginCatalog';
import { PLUGIN_RULE_MODULES } from './pluginRuleModules';

/** The app's field types: every plugin folder's rules, found by their folders. */
export const FIELD_CATALOG: PluginCatalog = createPluginCatalog(PLUGIN_RULE_MODULES);

/** A type a plugin folder declares, or `unsupported`: the folders are read, not listed. */
export type PluginType = string;

/**
 * Every field type of the runtime, derived from the plugin folders: each is the id of a
 * field plugin (`plugins/<type>/`), then `unsupported`, which stands for a type no plugin
 * knows and renders a visible box.
 */
export const PLUGIN_TYPES = FIELD_CATALOG.types as readonly PluginType[];
