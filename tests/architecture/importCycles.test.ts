import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderCycles, moduleCycles, readModuleGraph, type ModuleGraph } from './folderCycles';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TS_CONFIG = path.join(ROOT, 'tsconfig.json');
/** The product's folders: what the browser and the server load. */
const PRODUCT = ['src', 'plugins', 'schemas', 'server'];
/** Tests and their kits build the whole app to test one part; they are not the product. */
const TEST_FILES = [/\.test\.tsx?$/, /(^|\/)testing\//, /TestKit\.ts$/];

const scratch = mkdtempSync(path.join(tmpdir(), 'tessera-cycles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes a small source tree (path to text) and answers its folder. */
function tree(name: string, files: Readonly<Record<string, string>>): string {
  const root = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('import cycles in the product', () => {
  // Reading a thousand modules takes seconds, a minute on a busy two-core machine: once.
  let product: ModuleGraph;
  beforeAll(async () => {
    product = await readModuleGraph(ROOT, PRODUCT, { tsConfig: TS_CONFIG, exclude: TEST_FILES });
  }, 240_000);

  it('finds no ring of modules over the whole tree, imports between folders and glob imports counted', () => {
    expect(product.size).toBeGreaterThan(500);
    expect(moduleCycles(product)).toEqual([]);
  });

  it('finds no ring among the folders of src/: each part of the app depends on others in one direction only', () => {
    expect(folderCycles(product, 'src')).toEqual([]);
  });

  it('finds no ring among the folders of server/: each area depends on others in one direction only', () => {
    expect(folderCycles(product, 'server')).toEqual([]);
  });
});

describe('how rings are found', () => {
  it('given a core that finds the plugins by a glob and a plugin that imports the core through the registry, then the module ring is found', async () => {
    const root = tree('throughGlob', {
      'src/core/catalog.ts':
        "export const rules = import.meta.glob('/plugins/*/index.ts', { eager: true });\nexport const size = 1;\n",
      'plugins/text/index.ts':
        "import { register } from '../../src/registry/register';\nexport default register('text');\n",
      'src/registry/register.ts':
        "import { size } from '../core/catalog';\nexport const register = (type: string) => `${type}${size}`;\n",
      'schemas/plain.ts': "export const plain = 'plain';\n",
    });
    const graph = await readModuleGraph(root, ['src', 'plugins', 'schemas'], {
      tsConfig: TS_CONFIG,
    });
    expect(moduleCycles(graph)).toEqual([
      ['plugins/text/index.ts', 'src/core/catalog.ts', 'src/registry/register.ts'],
    ]);
  });

  it('given two folders of src/ that import each other, then the folder ring and its imports are reported', async () => {
    const root = tree('ring', {
      'src/dashboard/DashboardPage.ts':
        "import { openTask } from '../process/openTask';\nexport const page = () => openTask('t1');\n",
      'src/dashboard/taskPath.ts':
        'export const taskPath = (id: string) => `/process/task/${id}`;\n',
      'src/process/openTask.ts':
        "import { taskPath } from '../dashboard/taskPath';\nexport const openTask = (id: string) => taskPath(id);\n",
      'src/stores/statuses.ts': "export const loading = 'loading';\n",
      'src/process/status.ts':
        "import { loading } from '../stores/statuses';\nexport const s = loading;\n",
    });
    const graph = await readModuleGraph(root, ['src'], { tsConfig: TS_CONFIG });
    expect(moduleCycles(graph)).toEqual([]);
    expect(folderCycles(graph, 'src')).toEqual([
      {
        folders: ['dashboard', 'process'],
        imports: [
          { from: 'src/dashboard/DashboardPage.ts', to: 'src/process/openTask.ts' },
          { from: 'src/process/openTask.ts', to: 'src/dashboard/taskPath.ts' },
        ],
      },
    ]);
  });

  it('given modules that only name the type of a module that imports them, then there is no ring', async () => {
    const root = tree('typeOnly', {
      'src/RootStore.ts':
        "import { DashboardStore } from './dashboard/DashboardStore';\nexport class RootStore { dashboard = new DashboardStore(); }\n",
      'src/dashboard/DashboardStore.ts':
        "import { useStores } from '../stores/useStores';\nexport class DashboardStore { read = useStores; }\n",
      'src/stores/useStores.ts':
        "import type { RootStore } from '../RootStore';\nexport function useStores(): RootStore | null { return null; }\n",
      'src/core/catalog.ts':
        "export const rules = import.meta.glob('/plugins/*/index.ts', { eager: true });\nexport type Size = number;\n",
      'plugins/text/index.ts':
        "import type { Size } from '../../src/core/catalog';\nexport const size: Size = 1;\n",
    });
    const graph = await readModuleGraph(root, ['src', 'plugins'], { tsConfig: TS_CONFIG });
    expect(moduleCycles(graph)).toEqual([]);
    expect(folderCycles(graph, 'src')).toEqual([]);
  });
});
