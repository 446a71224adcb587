import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The nearest folder at or above `start` holding Tessera's own package.json. Walking up, rather
 * than counting `../` from each module, keeps every path right both when the server runs from
 * its sources and when it runs as one bundled file.
 */
function findProjectRoot(start: string): string {
  let folder = start;
  for (;;) {
    const manifest = join(folder, 'package.json');
    if (existsSync(manifest)) {
      const { name } = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === 'tessera') return folder;
    }
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`No Tessera package.json above ${start}`);
    folder = parent;
  }
}

/** The project's root folder. */
export const PROJECT_ROOT = findProjectRoot(dirname(fileURLToPath(import.meta.url)));

/** A path inside the project, such as `projectPath('fixtures', 'processes')`. */
export function projectPath(...parts: string[]): string {
  return join(PROJECT_ROOT, ...parts);
}
