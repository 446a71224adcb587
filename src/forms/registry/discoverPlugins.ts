import type { FieldPlugin } from './fieldPlugin';

// Each plugin folder's index.ts is small (metadata, validators, a light widget or a loader
// for a heavy one), so they are bundled eagerly; heavy widgets stay behind `loadWidget`.
const modules = import.meta.glob<FieldPlugin>('/plugins/*/index.ts', {
  eager: true,
  import: 'default',
});

/**
 * The plugins found under `plugins/<type>/index.ts`, ordered by folder. A new field type
 * is a new folder: nothing lists the plugins by hand. `found` is what `import.meta.glob`
 * answers (the app's folders by default; tests pass a fixture tree).
 */
export function discoverPlugins(
  found: Readonly<Record<string, FieldPlugin | undefined>> = modules,
): FieldPlugin[] {
  return Object.keys(found)
    .sort()
    .map((path) => {
      const plugin = found[path];
      if (!plugin) throw new Error(`${path} has no default export`);
      const folder = /(?:^|\/)plugins\/([^/]+)\/index\.tsx?$/.exec(path)?.[1];
      // The folder is the type id (house style), so a copied folder cannot shadow another.
      if (folder !== plugin.type) {
        throw new Error(
          `${path} declares type "${plugin.type}"; the folder must be named after it`,
        );
      }
      return plugin;
    });
}
