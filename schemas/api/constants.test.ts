import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const folder = join(process.cwd(), 'schemas', 'api');
const constantFiles = readdirSync(folder).filter((name) => name.endsWith('Constants.ts'));

describe('API constants modules', () => {
  it('given the modules the client loads at start-up, when read, then none imports anything but the route builder', () => {
    expect(constantFiles.length).toBeGreaterThanOrEqual(7);
    for (const name of constantFiles) {
      const source = readFileSync(join(folder, name), 'utf8');
      const imports = source.match(/^import (?!type ).*$/gm) ?? [];
      expect(
        imports.filter((line) => !line.endsWith("from './apiRoute';")),
        name,
      ).toEqual([]);
    }
    // The route builder itself imports nothing, so the start-up chunk stays small.
    expect(readFileSync(join(folder, 'apiRoute.ts'), 'utf8')).not.toMatch(/^import /m);
  });
});
