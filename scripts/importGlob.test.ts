import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expandImportGlobs, globFiles, PROJECT_ROOT } from './importGlob.mjs';

// The globs the project writes, as Vite answers them in this very test run.
const viteRules = import.meta.glob('/plugins/*/rules.ts');
const vitePlugins = import.meta.glob('/plugins/*/index.ts');
const viteTranslations = import.meta.glob('/plugins/*/locales/*.json');
const viteRelative = import.meta.glob('../plugins/*/rules.ts');

const here = join(PROJECT_ROOT, 'scripts', 'importGlob.test.ts');
const keys = (pattern: string) => globFiles(pattern, here).map((found) => found.key);

describe('import.meta.glob outside Vite', () => {
  it('given the globs the project writes, when expanded here, then they find what Vite finds, keyed alike', () => {
    expect(keys('/plugins/*/rules.ts').sort()).toEqual(Object.keys(viteRules).sort());
    expect(keys('/plugins/*/index.ts').sort()).toEqual(Object.keys(vitePlugins).sort());
    expect(keys('/plugins/*/locales/*.json').sort()).toEqual(Object.keys(viteTranslations).sort());
    expect(keys('../plugins/*/rules.ts').sort()).toEqual(Object.keys(viteRelative).sort());
    expect(keys('/plugins/*/rules.ts').length).toBeGreaterThan(30);
  });

  const folder = mkdtempSync(join(tmpdir(), 'import-glob-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  for (const name of ['b', 'a', '.hidden']) {
    mkdirSync(join(folder, 'kinds', name), { recursive: true });
    writeFileSync(join(folder, 'kinds', name, 'rules.ts'), 'export default 1;');
  }
  mkdirSync(join(folder, 'kinds', 'no-rules'));
  writeFileSync(join(folder, 'kinds', 'a', 'texts.json'), '{}');
  const file = join(folder, 'src', 'catalog.ts');

  it('given an eager glob with an import and a type argument, when expanded, then it is static imports and an object of that export', () => {
    const code = [
      "import type { Rules } from './rules';",
      "export const found = import.meta.glob<Rules>('../kinds/*/rules.ts', {",
      '  eager: true,',
      "  import: 'default',",
      '});',
    ].join('\n');
    const expanded = expandImportGlobs(code, file, folder);
    const lines = expanded.split('\n');
    // Every import is put on the first line: no line below it moves.
    expect(lines).toHaveLength(code.split('\n').length);
    expect(lines[0]).toBe(
      'import * as __tesseraGlob0 from "../kinds/a/rules.ts";' +
        'import * as __tesseraGlob1 from "../kinds/b/rules.ts";' +
        "import type { Rules } from './rules';",
    );
    expect(lines.slice(1).join('\n')).toBe(
      'export const found = Object.freeze({ "../kinds/a/rules.ts": __tesseraGlob0["default"], ' +
        '"../kinds/b/rules.ts": __tesseraGlob1["default"]\n\n\n });',
    );
  });

  it('given a glob from the root of JSON files without an import, when expanded, then each module is whole, read as JSON', () => {
    const code = "const texts = import.meta.glob('/kinds/*/*.json', { eager: true });";
    expect(expandImportGlobs(code, file, folder)).toBe(
      'import * as __tesseraGlob0 from "../kinds/a/texts.json" with { type: \'json\' };' +
        'const texts = Object.freeze({ "/kinds/a/texts.json": __tesseraGlob0 });',
    );
  });

  it('given a module without a glob, when expanded, then it is unchanged', () => {
    const code = '// import.meta.glob is named in a comment only\nexport const a = 1;';
    expect(expandImportGlobs(code, file, folder)).toBe(code);
  });

  it('given a lazy glob, an unknown option or a pattern that is not a literal path, when expanded, then it is refused by name', () => {
    expect(() => expandImportGlobs("import.meta.glob('/kinds/*/rules.ts')", file, folder)).toThrow(
      /only eager import\.meta\.glob calls/,
    );
    expect(() =>
      expandImportGlobs(
        "import.meta.glob('/kinds/*/rules.ts', { eager: true, query: '?raw' })",
        file,
        folder,
      ),
    ).toThrow(/option "query" is not supported/);
    expect(() =>
      expandImportGlobs('import.meta.glob(pattern, { eager: true })', file, folder),
    ).toThrow(/could not be read: import\.meta\.glob\(pattern/);
    expect(() =>
      expandImportGlobs("import.meta.glob('kinds/*', { eager: true })", file, folder),
    ).toThrow(/must start with \/, \.\/ or \.\.\//);
  });
});
