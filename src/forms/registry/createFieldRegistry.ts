import { discoverPlugins } from './discoverPlugins';
import { FieldRegistry } from './FieldRegistry';

/** A registry holding the unsupported-field fallback and every plugin under `plugins/`. */
export function createFieldRegistry(): FieldRegistry {
  const registry = new FieldRegistry();
  for (const plugin of discoverPlugins()) registry.register(plugin);
  return registry;
}

let shared: FieldRegistry | null = null;

/** The app's one registry, built on first use. */
export function defaultFieldRegistry(): FieldRegistry {
  shared ??= createFieldRegistry();
  return shared;
}
