import type { FieldRules } from './defineFieldRules';

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
