import type { FieldRules } from '../src/core/forms/plugins/defineFieldRules';
import { createPluginCatalog, type PluginCatalog } from '../src/core/forms/plugins/pluginCatalog';

/**
 * Every plugin folder's rules (`plugins/<type>/rules.ts`) by path, found by the folders
 * themselves: a new folder is a new type for the compiler, the server and the tools, with
 * no list to keep. Vite expands the glob for the browser and the tests; the server's
 * bundle and the tools run under tsx expand it the same way (scripts/importGlob.mjs).
 */
export const PLUGIN_RULE_MODULES = import.meta.glob<FieldRules>('/plugins/*/rules.ts', {
  eager: true,
  import: 'default',
});

/**
 * The app's field types: every plugin folder's rules, found by their folders. The shared
 * core takes a catalog as an argument and imports no plugin; this is the one place the
 * two meet (`plugins/compiler.ts` binds it to the core's entry points).
 */
export const FIELD_CATALOG: PluginCatalog = createPluginCatalog(PLUGIN_RULE_MODULES);

/**
 * Every field type of the runtime, derived from the plugin folders: each is the id of a
 * field plugin (`plugins/<type>/`), then `unsupported`, which stands for a type no plugin
 * knows and renders a visible box.
 */
export const PLUGIN_TYPES: readonly string[] = FIELD_CATALOG.types;
