// `npm run plugins:index`: writes the generated index of plugin rules from the folders
// under plugins/ that hold a rules.ts (see src/core/forms/plugins/pluginIndexSource.ts).
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PLUGIN_INDEX_PATH, pluginIndexSource } from '../src/core/forms/plugins/pluginIndexSource';

const ROOT = resolve(import.meta.dirname, '..');
const folders = readdirSync(join(ROOT, 'plugins'), { withFileTypes: true })
  .filter(
    (entry) => entry.isDirectory() && existsSync(join(ROOT, 'plugins', entry.name, 'rules.ts')),
  )
  .map((entry) => entry.name);
writeFileSync(join(ROOT, PLUGIN_INDEX_PATH), pluginIndexSource(folders));
console.log(`${PLUGIN_INDEX_PATH}: ${folders.length} plugins`);
