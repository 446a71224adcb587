import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { folderCycles } from './folderCycles';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const TS_CONFIG = path.join(ROOT, 'tsconfig.json');
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

describe('module cycles between the top-level folders of src/', () => {
  it('finds none: each folder of the app depends on others in one direction only', async () => {
    const cycles = await folderCycles(path.join(ROOT, 'src'), {
      tsConfig: TS_CONFIG,
      exclude: TEST_FILES,
    });
    expect(cycles).toEqual([]);
    // Reading every module of the app takes seconds; a busy two-core machine needs more.
  }, 120_000);

  it('given two folders that import each other, then the ring and its imports are reported', async () => {
    const root = tree('ring', {
      'dashboard/DashboardPage.ts':
        "import { openTask } from '../process/openTask';\nexport const page = () => openTask('t1');\n",
      'dashboard/taskPath.ts': 'export const taskPath = (id: string) => `/process/task/${id}`;\n',
      'process/openTask.ts':
        "import { taskPath } from '../dashboard/taskPath';\nexport const openTask = (id: string) => taskPath(id);\n",
      'stores/statuses.ts': "export const loading = 'loading';\n",
      'process/status.ts':
        "import { loading } from '../stores/statuses';\nexport const s = loading;\n",
    });
    const cycles = await folderCycles(root, { tsConfig: TS_CONFIG });
    expect(cycles).toEqual([
      {
        folders: ['dashboard', 'process'],
        imports: [
          { from: 'dashboard/DashboardPage.ts', to: 'process/openTask.ts' },
          { from: 'process/openTask.ts', to: 'dashboard/taskPath.ts' },
        ],
      },
    ]);
  });

  it('given a folder that only names the type of a module that imports it, then there is no ring', async () => {
    const root = tree('typeOnly', {
      'RootStore.ts':
        "import { DashboardStore } from './dashboard/DashboardStore';\nexport class RootStore { dashboard = new DashboardStore(); }\n",
      'dashboard/DashboardStore.ts':
        "import { useStores } from '../stores/useStores';\nexport class DashboardStore { read = useStores; }\n",
      'stores/useStores.ts':
        "import type { RootStore } from '../RootStore';\nexport function useStores(): RootStore | null { return null; }\n",
    });
    expect(await folderCycles(root, { tsConfig: TS_CONFIG })).toEqual([]);
  });
});
