import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_EXTERNALS, serverBundleOptions } from '../../scripts/serverBundle.mjs';
import { CHILD_TIMEOUT_MS, ROOT, runCommand as run, TSX, TSX_ARGS } from '../helpers/formCommand';

// A developer adds a field type the way docs/plugins.md says: its worked example (a
// percentage field) is copied, file by file, into plugins/ of a copy of the project, and
// nothing else is changed. Then each side finds the folder by its own discovery, none of
// them handed a catalog: the compiler, the server's save check and the reports under tsx
// (the tools, `npm run dev`) and as esbuild bundles the server, the browser's registry and
// the validation parity property under Vite. The copy keeps the other test files, which run
// beside this one, away from a folder that comes and goes.

const TYPE = 'percentage';
const ALIAS = 'percent';

/** The example's files as the document lists them: `plugins/percentage/<file>` and its code. */
function exampleFiles(doc: string): Map<string, string> {
  const files = new Map<string, string>();
  const block = /`(plugins\/percentage\/[^`]+)`[^\n]*:\n\n```\w+\n([\s\S]*?)\n```/g;
  for (const [, path, code] of doc.matchAll(block)) {
    if (path && code !== undefined) files.set(path, `${code}\n`);
  }
  return files;
}

/** What tests/architecture/newFieldProbe.ts prints. */
interface ProbeAnswer {
  readonly catalog: { readonly known: boolean; readonly alias: string | null };
  readonly compiler: { readonly fields: unknown[]; readonly warnings: string[] };
  readonly server: { readonly good: string[]; readonly bad: string[] };
  readonly reports: { readonly shown: boolean[] };
}

// A whole percentage: 42 passes; 140 is out of range, in the example's own code.
const PROBE_ARGS = [TYPE, ALIAS, '42', '140'];

/** What every side must know of the new type. */
const KNOWN: ProbeAnswer = {
  catalog: { known: true, alias: TYPE },
  compiler: {
    fields: [
      ['byType', TYPE, 'number'],
      ['byAlias', TYPE, 'number'],
    ],
    warnings: [],
  },
  server: {
    good: [],
    bad: ['byType: validation.percentage.range', 'byAlias: validation.percentage.range'],
  },
  reports: { shown: [true, true] },
};

const probeAnswer = (output: string): ProbeAnswer =>
  JSON.parse(output.trim().split('\n').at(-1) ?? '') as ProbeAnswer;

describe(
  'a field type added as docs/plugins.md says: one folder, nothing else',
  { timeout: CHILD_TIMEOUT_MS * 2 },
  () => {
    const copy = mkdtempSync(join(tmpdir(), 'tessera-new-field-'));
    const files = exampleFiles(readFileSync(join(ROOT, 'docs', 'plugins.md'), 'utf8'));

    beforeAll(() => {
      const skipped = new Set(['node_modules', '.git', 'dist']);
      cpSync(ROOT, copy, {
        recursive: true,
        filter: (source) => !skipped.has(relative(ROOT, source).split('/')[0] ?? ''),
      });
      symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
      for (const [path, code] of files) {
        mkdirSync(dirname(join(copy, path)), { recursive: true });
        writeFileSync(join(copy, path), code);
      }
      // The document shows the English texts and says the others have the same keys.
      const english = files.get('plugins/percentage/locales/en.json');
      for (const language of ['es', 'fr']) {
        writeFileSync(join(copy, 'plugins', TYPE, 'locales', `${language}.json`), english ?? '');
      }
    });

    afterAll(() => {
      rmSync(copy, { recursive: true, force: true });
    });

    it('given the document, then its example is a whole folder: rules, widget, drawn half, texts and a test', () => {
      expect([...files.keys()].sort()).toEqual(
        [
          'Widget.tsx',
          'index.ts',
          'locales/en.json',
          'rules.ts',
          'validate.test.ts',
          'validate.ts',
        ].map((file) => `plugins/${TYPE}/${file}`),
      );
    });

    it('given the folder, when the tools run under tsx, then the compiler, the server and the reports know the type', async () => {
      const answer = await run(
        TSX,
        [...TSX_ARGS, 'tests/architecture/newFieldProbe.ts', ...PROBE_ARGS],
        copy,
      );
      expect(answer.code, answer.stderr).toBe(0);
      expect(probeAnswer(answer.stdout)).toEqual(KNOWN);
      // A type no folder declares is still the unsupported box: the probe reads, not echoes.
      const unknown = await run(
        TSX,
        [
          ...TSX_ARGS,
          'tests/architecture/newFieldProbe.ts',
          'no-such-type',
          'nor-this',
          '42',
          '140',
        ],
        copy,
      );
      expect(probeAnswer(unknown.stdout).compiler.fields).toEqual([
        ['byType', 'unsupported', 'none'],
        ['byAlias', 'unsupported', 'none'],
      ]);
    });

    it('given the folder, when the server is bundled, then the bundle holds the type and its checks answer', async () => {
      const server = await run(
        process.execPath,
        ['scripts/buildServer.mjs', join(copy, 'dist', 'server', 'main.mjs')],
        copy,
      );
      expect(server.code, server.stderr).toBe(0);
      expect(readFileSync(join(copy, 'dist', 'server', 'main.mjs'), 'utf8')).toContain(
        `"/plugins/${TYPE}/rules.ts"`,
      );
      // The probe, bundled as the server is, beside the server's bundle.
      const probe = join(copy, 'dist', 'server', 'probe.mjs');
      await build(
        serverBundleOptions(join(copy, 'tests', 'architecture', 'newFieldProbe.ts'), probe, {
          external: SERVER_EXTERNALS,
          root: copy,
        }),
      );
      const answer = await run(process.execPath, [probe, ...PROBE_ARGS], copy);
      expect(answer.code, answer.stderr).toBe(0);
      expect(probeAnswer(answer.stdout)).toEqual(KNOWN);
    });

    it('given the folder, when the unit tests run under Vite, then the registry, the catalog and the validation parity take it in, and its own test passes', async () => {
      const answer = await run(
        join(ROOT, 'node_modules', '.bin', 'vitest'),
        [
          'run',
          '--project',
          'unit',
          '--reporter',
          'json',
          'src/forms/registry/FieldRegistry.test.ts',
          'plugins/catalog.test.ts',
          'src/forms/runtime/validationParity.property.test.ts',
          `plugins/${TYPE}/validate.test.ts`,
        ],
        copy,
      );
      const report = JSON.parse(answer.stdout.slice(answer.stdout.indexOf('{'))) as {
        numFailedTests: number;
        numPassedTests: number;
        testResults: { name: string; status: string }[];
      };
      expect(
        report.testResults.map((file) => [relative(copy, file.name), file.status]).sort(),
      ).toEqual([
        ['plugins/catalog.test.ts', 'passed'],
        [`plugins/${TYPE}/validate.test.ts`, 'passed'],
        ['src/forms/registry/FieldRegistry.test.ts', 'passed'],
        ['src/forms/runtime/validationParity.property.test.ts', 'passed'],
      ]);
      expect(report.numFailedTests).toBe(0);
    });
  },
);
