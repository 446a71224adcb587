import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_CATALOG, PLUGIN_RULE_MODULES, PLUGIN_TYPES } from './catalog';

const ROOT = resolve(import.meta.dirname, '..');

// The folders under plugins/ that declare rules, read from the disk.
function ruleFolders(): string[] {
  return readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .filter((entry) => existsSync(join(ROOT, 'plugins', entry.name, 'rules.ts')))
    .map((entry) => entry.name);
}

describe('the plugin rules found by their folders', () => {
  it('given the plugin folders, then the rules found are exactly theirs, keyed as Vite keys them', () => {
    expect(Object.keys(PLUGIN_RULE_MODULES).sort()).toEqual(
      ruleFolders()
        .map((folder) => `/plugins/${folder}/rules.ts`)
        .sort(),
    );
  });

  it('given every folder with a widget, then it has pure rules beside it', () => {
    const withWidget = readdirSync(join(ROOT, 'plugins')).filter((folder) =>
      existsSync(join(ROOT, 'plugins', folder, 'index.ts')),
    );
    expect(ruleFolders().sort()).toEqual(withWidget.sort());
  });

  it('given the catalog, then its types are the folders and the unsupported type', () => {
    expect(new Set(PLUGIN_TYPES)).toEqual(new Set([...ruleFolders(), 'unsupported']));
    expect(PLUGIN_TYPES.at(-1)).toBe('unsupported');
    expect(FIELD_CATALOG.plainType('multi-line-text')).toBe('multiline');
    expect(FIELD_CATALOG.designerType('input')).toBe('text');
    expect(FIELD_CATALOG.rulesOf('no-such-type').displayOnly).toBe(true);
  });
});
