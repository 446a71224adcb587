import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { projectPath } from '../../server/paths';
import { freePort } from './freePort';

const run = promisify(execFile);

/** The HAProxy configuration operators copy; the test's is made from it. */
export const COMMITTED_HAPROXY_CONFIG = projectPath('deploy', 'haproxy', 'haproxy.cfg');

/** The answer header the test's HAProxy adds: the name of the server that answered. */
export const SERVED_BY = 'x-served-by';

/** Whether `haproxy` is on PATH. */
export function haproxyInstalled(): boolean {
  return spawnSync('haproxy', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** A child process and the last of what it wrote, for the message of a failing test. */
export interface RunningProcess {
  name: string;
  child: ChildProcess;
  output(): string;
}

const OUTPUT_KEPT = 20_000;

function started(name: string, child: ChildProcess): RunningProcess {
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { name, child, output: () => output };
}

/** Sends `signal` unless the process has ended; resolves when it has. */
export async function stopProcess(
  running: RunningProcess,
  signal: NodeJS.Signals = 'SIGKILL',
): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/**
 * The server bundled as `npm run build` bundles it (scripts/buildServer.mjs), into a folder
 * of its own inside the project so it finds its packages and fixtures: a few seconds, and no
 * client build needed (without one the server answers the API and serves no pages).
 * Answers the bundle's path and how to remove it.
 */
export async function buildServerBundle(): Promise<{ bundle: string; remove: () => void }> {
  const cache = projectPath('node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  const folder = mkdtempSync(join(cache, 'tessera-balanced-'));
  const bundle = join(folder, 'main.mjs');
  await run(process.execPath, [projectPath('scripts', 'buildServer.mjs'), bundle], {
    cwd: projectPath(),
  });
  return { bundle, remove: () => rmSync(folder, { recursive: true, force: true }) };
}

/** One Tessera server process on its own port. */
export interface ServerProcess extends RunningProcess {
  port: number;
  url: string;
}

/** Starts the bundled server as `npm run serve` does, on `port`, with `env` on top. */
export function startServerProcess(
  name: string,
  bundle: string,
  port: number,
  env: Record<string, string>,
): ServerProcess {
  const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
    cwd: projectPath(),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { ...started(name, child), port, url: `http://127.0.0.1:${port}` };
}

/** Resolves once `url` answers 200, or rejects when the process ends or the time is up. */
export async function answering(
  running: RunningProcess,
  url: string,
  limitMs: number,
): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if (running.child.exitCode !== null) {
      throw new Error(
        `${running.name} exited with ${running.child.exitCode}:\n${running.output()}`,
      );
    }
    try {
      if ((await fetch(url)).status === 200) return Date.now() - start;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `${running.name}: ${url} did not answer within ${limitMs} ms:\n${running.output()}`,
  );
}

/** A backend server of the test's HAProxy. */
export interface BackendServer {
  name: string;
  port: number;
}

/**
 * The committed configuration with the test's ports: its one `bind` listens on
 * 127.0.0.1:`port`, its `server` lines are replaced by `servers`, and each answer names the
 * server that gave it (SERVED_BY). Every other setting (timeouts, health check, retries,
 * headers) is the operators' own, so the test proves that file.
 */
export function testHaproxyConfig(
  committed: string,
  port: number,
  servers: readonly BackendServer[],
): string {
  const lines = committed.split('\n');
  const binds = lines.filter((line) => /^\s*bind\s/.test(line));
  const serverAt = lines.findIndex((line) => /^\s*server\s/.test(line));
  if (binds.length !== 1 || serverAt === -1) {
    throw new Error('The committed HAProxy configuration should have one bind and server lines.');
  }
  const own = [
    `    http-response set-header ${SERVED_BY} %s`,
    ...servers.map((server) => `    server ${server.name} 127.0.0.1:${server.port}`),
  ];
  const kept: string[] = [];
  lines.forEach((line, index) => {
    if (index === serverAt) kept.push(...own);
    if (/^\s*server\s/.test(line)) return;
    kept.push(/^\s*bind\s/.test(line) ? `    bind 127.0.0.1:${port}` : line);
  });
  return kept.join('\n');
}

/** HAProxy in the foreground on the test's configuration. */
export interface Balancer extends RunningProcess {
  url: string;
  remove(): void;
}

/** Starts HAProxy on the test configuration made from the committed one. */
export async function startBalancer(servers: readonly BackendServer[]): Promise<Balancer> {
  const port = await freePort();
  const folder = mkdtempSync(join(projectPath('node_modules', '.cache'), 'tessera-haproxy-'));
  const file = join(folder, 'haproxy.cfg');
  writeFileSync(
    file,
    testHaproxyConfig(readFileSync(COMMITTED_HAPROXY_CONFIG, 'utf8'), port, servers),
  );
  // -db: stay in the foreground, so the test owns the process and its log.
  const child = spawn('haproxy', ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  return {
    ...started('haproxy', child),
    url: `http://127.0.0.1:${port}`,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}
