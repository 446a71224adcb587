import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../server/paths';
import { freePort } from '../helpers/freePort';

const run = promisify(execFile);

/** A first start migrates and seeds an empty folder: slow, the more so on a busy machine. */
const FIRST_START_MS = 240_000;
/** A restart on an existing folder; about two seconds on an idle machine. */
const RESTART_MS = 10_000;

/** A server process, as `npm run serve` runs it, and what it wrote to stderr. */
interface ServerProcess {
  child: ChildProcess;
  stderr(): string;
}

describe('a server killed on its data folder', { timeout: FIRST_START_MS + 120_000 }, () => {
  let buildDir: string;
  let dataDir: string;
  let bundle: string;
  const running: ChildProcess[] = [];
  /** The server the first test leaves running. */
  let serving: { server: ServerProcess; port: number } | undefined;

  function startServer(port: number, env: Record<string, string> = {}): ServerProcess {
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // The folder lock is embedded PGlite's: these servers use it even when the test run
        // itself is pointed at PostgreSQL.
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    running.push(child);
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    return { child, stderr: () => stderr };
  }

  /** Resolves with the ms until the server answers, or rejects when it exits or the time runs out. */
  async function readyWithin(server: ServerProcess, port: number, limitMs: number) {
    const started = Date.now();
    while (Date.now() - started < limitMs) {
      if (server.child.exitCode !== null) {
        throw new Error(`the server exited with ${server.child.exitCode}: ${server.stderr()}`);
      }
      try {
        const response = await fetch(`http://127.0.0.1:${port}/identity/system/settings`);
        if (response.status === 200) return Date.now() - started;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no answer within ${limitMs} ms: ${server.stderr()}`);
  }

  async function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }

  beforeAll(async () => {
    // The bundle of `npm run build`, inside the project so it finds its packages and fixtures.
    const cache = projectPath('node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    buildDir = mkdtempSync(join(cache, 'tessera-restart-'));
    bundle = join(buildDir, 'main.mjs');
    await run(process.execPath, [projectPath('scripts', 'buildServer.mjs'), bundle], {
      cwd: projectPath(),
    });
    dataDir = mkdtempSync(join(tmpdir(), 'tessera-restart-data-'));
  }, 120_000);

  afterAll(async () => {
    for (const child of running) {
      child.kill('SIGCONT');
      await stopped(child, 'SIGKILL');
    }
    rmSync(buildDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('given a server killed with SIGKILL, when it is started again on the same folder, then it answers within 10 seconds', async () => {
    const port = await freePort();
    const first = startServer(port);
    await readyWithin(first, port, FIRST_START_MS);

    await stopped(first.child, 'SIGKILL');
    const again = startServer(port);
    const restartMs = await readyWithin(again, port, RESTART_MS);

    console.log(`the restart after SIGKILL answered after ${restartMs} ms`);
    expect(restartMs).toBeLessThan(RESTART_MS);
    serving = { server: again, port };
  });

  it('given a running server paused with SIGSTOP, when a second one starts on its folder, then the second refuses to start and the first answers again after SIGCONT', async () => {
    if (!serving) throw new Error('the test above leaves a server running');
    const { server: holder, port } = serving;
    holder.child.kill('SIGSTOP');
    try {
      const second = startServer(await freePort());
      const [code] = (await once(second.child, 'exit')) as [number | null];
      expect(code).toBe(1);
      expect(second.stderr()).toContain('is in use by another Tessera server');
    } finally {
      holder.child.kill('SIGCONT');
    }
    expect(await readyWithin(holder, port, RESTART_MS)).toBeLessThan(RESTART_MS);
  });

  it('given a running server, when it gets SIGTERM, then /readyz answers 503 while it drains and it exits 0, leaving the folder to the next server', async () => {
    if (!serving) throw new Error('the tests above leave a server running');
    const previous = serving.server.child;
    serving = undefined;
    const previousExit = once(previous, 'exit');
    previous.kill('SIGTERM');
    expect((await previousExit)[0]).toBe(0);

    // Not a test of start-up time: a busy machine may take longer than RESTART_MS here.
    const port = await freePort();
    const draining = startServer(port, { DRAIN_DELAY_SECONDS: '2' });
    await readyWithin(draining, port, FIRST_START_MS);
    expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
    const exited = once(draining.child, 'exit');
    draining.child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).json(), { timeout: 1_500 })
      .toEqual({ status: 'not ready', reason: 'draining' });
    expect((await exited)[0]).toBe(0);
    expect(draining.stderr()).not.toMatch(/error|failed/i);

    const next = startServer(port);
    await readyWithin(next, port, FIRST_START_MS);
  });
});
