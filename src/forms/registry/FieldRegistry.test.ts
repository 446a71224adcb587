import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createFieldRegistry } from './createFieldRegistry';
import { defineFieldPlugin } from './defineFieldPlugin';
import { discoverPlugins } from './discoverPlugins';
import { FieldRegistry } from './FieldRegistry';
import { lazyWidget } from './lazyWidget';
import { UNSUPPORTED_TYPE } from './unsupportedPlugin';

const pluginFolders = readdirSync(join(process.cwd(), 'plugins'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

function Widget() {
  return null;
}

describe('field registry', () => {
  it('given the plugins folder, when discovered, then every folder is one plugin named after it', () => {
    const types = discoverPlugins()
      .map((plugin) => plugin.type)
      .sort();
    expect(types).toEqual(pluginFolders);
    const registry = createFieldRegistry();
    for (const type of pluginFolders) expect(registry.has(type), type).toBe(true);
  });

  it('given a type already registered, when registered again, then it throws and keeps the first', () => {
    const registry = new FieldRegistry();
    const first = defineFieldPlugin({ type: 'rating', Widget, emptyValue: 0, valueType: 'number' });
    registry.register(first);
    expect(() =>
      registry.register(
        defineFieldPlugin({ type: 'rating', Widget, emptyValue: '', valueType: 'string' }),
      ),
    ).toThrow(/already registered/);
    expect(registry.get('rating')).toBe(first);
  });

  it('given an unknown type, when resolved, then the unsupported-field plugin answers instead of nothing', () => {
    const registry = createFieldRegistry();
    expect(registry.has('star-rating')).toBe(false);
    expect(registry.resolve('star-rating').type).toBe(UNSUPPORTED_TYPE);
    expect(registry.widgets()[UNSUPPORTED_TYPE]).toBeDefined();
  });

  it('given a heavy plugin, when registered and its widget prepared, then nothing is fetched and one loader serves every field', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Widget }));
    const heavy = defineFieldPlugin({
      type: 'signature-test',
      loadWidget: load,
      emptyValue: null,
      valueType: 'string',
    });
    const first = lazyWidget(heavy);
    expect(lazyWidget(heavy)).toBe(first);
    new FieldRegistry().register(heavy);
    expect(load).not.toHaveBeenCalled();
  });
});
