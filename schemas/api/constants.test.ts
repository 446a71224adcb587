import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(process.cwd(), 'schemas', 'api');
const constantFiles = readdirSync(folder).filter((name) => name.endsWith('Constants.ts'));

describe('API constants modules', () => {
  it('given the modules the client loads at start-up, when read, then none imports anything', () => {
    expect(constantFiles.length).toBeGreaterThanOrEqual(7);
    for (const name of constantFiles) {
      const source = readFileSync(join(folder, name), 'utf8');
      expect(source, name).not.toMatch(/^import (?!type )/m);
    }
  });
});
