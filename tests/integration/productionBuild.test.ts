import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../server/paths';

const run = promisify(execFile);

/** Text that only React's development builds carry. */
const DEVELOPMENT_MARKERS = ['jsxDEV', 'cannot be a child of', 'react-dom.development'];

/** Every file under a folder, relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('the production build with NODE_ENV=development in the environment', () => {
  let folder: string;
  // The environment of a developer's shell, where NODE_ENV often says development.
  const env = { ...process.env, NODE_ENV: 'development' };

  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'tessera-build-'));
  });
  afterAll(() => {
    rmSync(folder, { recursive: true, force: true });
  });

  it('given the SPA build of `npm run build`, when it runs, then it ships React production code and no source maps', async () => {
    const outDir = join(folder, 'client');
    // The same command and config as `npm run build`, into a folder of its own.
    await run(
      process.execPath,
      [projectPath('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', outDir],
      { cwd: projectPath(), env, maxBuffer: 64 * 1024 * 1024 },
    );
    const files = filesUnder(outDir);
    const scripts = files.filter((file) => file.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(existsSync(join(outDir, 'index.html'))).toBe(true);
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    for (const script of scripts) {
      const text = readFileSync(script, 'utf8');
      for (const marker of DEVELOPMENT_MARKERS) {
        expect(text.includes(marker), `${marker} in ${script}`).toBe(false);
      }
      expect(text, script).not.toContain('sourceMappingURL');
    }
  }, 600_000);

  it('given the server bundle of `npm run build`, when it runs, then libraries take their production paths and its own map is kept', async () => {
    const outfile = join(folder, 'server', 'main.mjs');
    await run(process.execPath, [projectPath('scripts', 'buildServer.mjs'), outfile], {
      cwd: projectPath(),
      env,
    });
    const bundle = readFileSync(outfile, 'utf8');
    expect(bundle).not.toContain('process.env.NODE_ENV');
    // The server's own mode is still read from the environment at run time.
    expect(bundle).toContain('NODE_ENV');
    expect(existsSync(`${outfile}.map`)).toBe(true);
  }, 300_000);
});
