import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeLoad, proveLoad } from '../../scripts/proofLoad';
import { projectPath } from '../../server/paths';

const run = promisify(execFile);

/**
 * The load proof at a tiny size, so the script cannot rot: `.ci/run --long` runs it at 50
 * connections for 60 seconds and holds it to its latency budget; here only the answers count,
 * since a shared machine's latency proves nothing.
 */
describe('the load proof, small', { timeout: 720_000 }, () => {
  let buildDir: string;

  beforeAll(async () => {
    // The bundle of `npm run build`, inside the project so it finds its packages and fixtures.
    const cache = projectPath('node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    buildDir = mkdtempSync(join(cache, 'tessera-load-'));
    await run(
      process.execPath,
      [projectPath('scripts', 'buildServer.mjs'), join(buildDir, 'main.mjs')],
      {
        cwd: projectPath(),
      },
    );
  }, 120_000);

  afterAll(() => {
    rmSync(buildDir, { recursive: true, force: true });
  });

  it('given the built server on a database of its own, when five connections check their session, read the assigned list and save a draft for three seconds, then every answer is a 2xx', async () => {
    const result = await proveLoad({
      connections: 5,
      seconds: 3,
      bundle: join(buildDir, 'main.mjs'),
      postgresUrl: process.env.DATABASE_URL || undefined,
    });
    console.log(describeLoad(result));

    expect(result.backend).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    // Every connection went round the three calls at least once.
    expect(result.requests).toBeGreaterThanOrEqual(15);
    expect(result.non2xx).toBe(0);
    expect(result.errors).toBe(0);
  });
});
