import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { folderCycles } from './folderCycles';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Tests and their kits build the whole app to test one part; they are not the product. */
const TEST_FILES = [/\.test\.ts$/, /(^|\/)testing\//, /TestKit\.ts$/];

describe('module cycles between the top-level folders of server/', () => {
  it('finds none: each area of the server depends on others in one direction only', async () => {
    const cycles = await folderCycles(path.join(ROOT, 'server'), {
      tsConfig: path.join(ROOT, 'tsconfig.json'),
      exclude: TEST_FILES,
    });
    expect(cycles).toEqual([]);
    // Reading every module of the server takes seconds; a busy two-core machine needs more.
  }, 120_000);
});
