import { discoverPlugins } from './discoverPlugins';
import type { FieldPlugin } from './fieldPlugin';
import { FieldRegistry } from './FieldRegistry';

/**
 * A registry holding the unsupported-field fallback and every plugin under `plugins/`,
 * plus any plugin folders given as `import.meta.glob` answers them (a test's fixture tree).
 */
export function createFieldRegistry(
  extra: Readonly<Record<string, FieldPlugin | undefined>> = {},
): FieldRegistry {
  const registry = new FieldRegistry();
  for (const plugin of discoverPlugins()) registry.register(plugin);
  if (Object.keys(extra).length > 0) {
    for (const plugin of discoverPlugins(extra)) registry.register(plugin);
  }
  return registry;
}

let shared: FieldRegistry | null = null;

/** The app's one registry, built on first use. */
export function defaultFieldRegistry(): FieldRegistry {
  shared ??= createFieldRegistry();
  return shared;
}
