// `npm run bench:start`: how fast Tessera starts and how much the sign-in page downloads.
// Prints the cold first start (empty data folder: migrations and demo seed), the warm start
// on the existing folder (median of 5), and the gzip size of the JS and CSS /login loads,
// each beside its budget. A benchmark, not a test: figures, never a pass/fail on a noisy box.
// `measureStart` answers the same figures as data, for `npm run bench`.
//
//   npm run bench:start -- [--warm-runs 5]
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/helpers/browser';
import { freePort } from '../tests/helpers/freePort';
import { atMost, figure, median, type FigureTable } from './benchFigures';

/** A warm start (the data folder exists) answers within this many ms. */
export const WARM_BUDGET_MS = 2000;
/** The server exactly as `npm start` runs it: the bundle built by `npm run build`. */
const SERVER_ARGS = ['--enable-source-maps', 'dist/server/main.mjs'];
/** What /login downloads (JS and CSS, gzip), at most. */
export const LOGIN_BUDGET_KIB = 250;
/** How long a start may take before the bench gives up: a first start on a busy box is slow. */
const START_DEADLINE_MS = 600_000;

async function waitUntilServing(url: string, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`server did not answer at ${url}`);
}

/** Starts the server on a data folder and returns the ms until it answers, then stops it. */
async function timeStart(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitUntilServing(
      `http://127.0.0.1:${port}/identity/system/settings`,
      Date.now() + START_DEADLINE_MS,
    );
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

/** The JS and CSS /login loads: how many files and KiB raw and gzip (level 9). */
export interface LoginWeight {
  readonly files: number;
  readonly rawKiB: number;
  readonly gzipKiB: number;
  /** The scripts alone, raw: what the e2e test lazyPlugins bounds. */
  readonly scriptRawKiB: number;
}

async function loginPageWeight(): Promise<LoginWeight> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const browser = await launchBrowser();
  try {
    await waitUntilServing(
      `http://127.0.0.1:${port}/identity/system/settings`,
      Date.now() + START_DEADLINE_MS,
    );
    const page = await browser.newPage();
    const bodies: Buffer[] = [];
    const scripts: Buffer[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body();
      bodies.push(body);
      if (type === 'script') scripts.push(body);
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    const raw = bodies.reduce((sum, b) => sum + b.length, 0);
    const gzip = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    const scriptRaw = scripts.reduce((sum, b) => sum + b.length, 0);
    return {
      files: bodies.length,
      rawKiB: raw / 1024,
      gzipKiB: gzip / 1024,
      scriptRawKiB: scriptRaw / 1024,
    };
  } finally {
    await browser.close();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The figures of one `measureStart` run. */
export interface StartResult {
  /** ms to the first answer on an empty data folder (migrations and demo seed). */
  readonly cold: number;
  /** ms to the first answer of each warm start. */
  readonly warm: readonly number[];
  /** What /login downloads. */
  readonly login: LoginWeight;
  /** The start figures beside their budgets. */
  readonly table: FigureTable;
}

/**
 * Times a cold start and `warmRuns` warm ones of the built server (`npm run build` first, or
 * `build: true`), then weighs what /login loads in Chromium.
 */
export async function measureStart(options: {
  warmRuns: number;
  build: boolean;
}): Promise<StartResult> {
  if (options.build) {
    const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  try {
    const cold = await timeStart(dataDir);
    const warm: number[] = [];
    for (let i = 0; i < options.warmRuns; i += 1) warm.push(await timeStart(dataDir));
    const login = await loginPageWeight();
    return {
      cold,
      warm,
      login,
      table: {
        title: 'Start',
        note: `The built server as \`npm start\` runs it, timed to its first answer; the warm start is the median of ${warm.length}.`,
        figures: [
          figure({ name: 'cold first start (migrations + demo seed)', unit: 'ms', value: cold }),
          figure({
            name: `warm start, median of ${warm.length}`,
            unit: 'ms',
            value: median(warm),
            budget: atMost(WARM_BUDGET_MS),
          }),
        ],
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  console.log('Building the SPA and the server bundle...');
  const warmRuns = Number(process.argv[process.argv.indexOf('--warm-runs') + 1] ?? 5) || 5;
  let result: StartResult;
  try {
    result = await measureStart({ warmRuns, build: true });
  } catch (error) {
    console.error(error);
    process.exit(1);
  }
  const { cold, warm, login: weight } = result;
  const warmMedian = median(warm);
  console.log('');
  console.log('| measure | value | budget | ratio |');
  console.log('|---|---:|---:|---:|');
  console.log(`| cold first start (migrate + seed) | ${cold.toFixed(0)} ms | - | - |`);
  console.log(
    `| warm start, median of ${warm.length} (${warm.map((w) => w.toFixed(0)).join(', ')}) | ${warmMedian.toFixed(0)} ms | ${WARM_BUDGET_MS} ms | ${(warmMedian / WARM_BUDGET_MS).toFixed(2)} |`,
  );
  console.log(
    `| /login JS+CSS, ${weight.files} files (raw ${weight.rawKiB.toFixed(1)} KiB) | ${weight.gzipKiB.toFixed(1)} KiB gzip | ${LOGIN_BUDGET_KIB} KiB | ${(weight.gzipKiB / LOGIN_BUDGET_KIB).toFixed(2)} |`,
  );
}

// Run only as a script, so `npm run bench` and the e2e tests can import `measureStart`.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'benchStart.ts')) {
  await main();
}
