import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// jscpd's ES module build imports `colors/safe` without its extension, which Node refuses;
// its CommonJS build loads.
const { detectClones } = createRequire(import.meta.url)('jscpd') as typeof import('jscpd');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SOURCE_FOLDERS = ['src', 'server', 'plugins', 'schemas'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx', '**/testing/**', '**/*TestKit.ts'];

/**
 * Where each rule the product once wrote several times now lives. A clone of any of these
 * files in another file means a copy came back.
 */
const RULE_HOMES: Readonly<Record<string, readonly string[]>> = {
  'who may claim a task': ['server/engine/claimRule.ts', 'schemas/api/claimRule.ts'],
  "a combined task's part as a form": ['src/core/forms/compiler/partAsForm.ts'],
  '${...} templates': [
    'src/core/template/splitTemplate.ts',
    'src/core/template/fillTemplate.ts',
    'src/core/template/readName.ts',
  ],
  "a remote list's failed, loading and empty views": ['src/components/RemoteList.tsx'],
  "an administrators' drawer": ['src/components/AdminDrawer.tsx'],
};

/** Six lines or 40 tokens: the part slicer was 11 lines, the candidate rule's SQL more. */
const THRESHOLDS = { minLines: 5, minTokens: 40 };

const relative = (file: string) => path.relative(ROOT, path.resolve(ROOT, file));

async function clonesIn(folders: readonly string[]) {
  const clones = await detectClones({
    path: folders.map((folder) => path.resolve(ROOT, folder)),
    format: ['typescript', 'tsx'],
    ignore: TESTS,
    gitignore: true,
    silent: true,
    reporters: [],
    ...THRESHOLDS,
  });
  return clones.map((clone) => ({
    a: relative(clone.duplicationA.sourceId),
    b: relative(clone.duplicationB.sourceId),
    lines: `${clone.duplicationA.start.line}-${clone.duplicationA.end.line} ~ ${clone.duplicationB.start.line}-${clone.duplicationB.end.line}`,
  }));
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.resolve(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe('one home for each repeated rule', () => {
  it('given the source tree, when scanned for clones, then no file repeats a rule home', async () => {
    const homes = Object.values(RULE_HOMES).flat();
    for (const home of homes) expect(existsSync(path.resolve(ROOT, home)), home).toBe(true);

    const clones = await clonesIn(SOURCE_FOLDERS);

    const copies = clones.filter(({ a, b }) => a !== b && (homes.includes(a) || homes.includes(b)));
    expect(copies).toEqual([]);
  }, 180_000);

  it('given a copy of the part slicer in another file, when scanned, then it is found', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'tessera-duplicates-'));
    try {
      const home = readFileSync(
        path.resolve(ROOT, 'src/core/forms/compiler/partAsForm.ts'),
        'utf8',
      );
      writeFileSync(path.join(folder, 'partAsForm.ts'), home);
      // The copy as it used to stand in the preview: the same body in a function of its own.
      writeFileSync(
        path.join(folder, 'previewPart.ts'),
        home.replace('export function partAsForm', 'export function previewPart'),
      );
      const clones = await clonesIn([folder]);
      expect(clones).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('given the source tree, when read, then only the template module matches ${...} with a pattern', () => {
    const own = SOURCE_FOLDERS.flatMap(sourceFiles).filter(
      (file) => !file.startsWith(path.join('src', 'core', 'template')),
    );
    const patterns = own.filter((file) =>
      readFileSync(path.resolve(ROOT, file), 'utf8').includes('\\$\\{'),
    );
    expect(patterns).toEqual([]);
  });
});
