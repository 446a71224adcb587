// `npm run bench:start`: how fast Tessera starts and how much the sign-in page downloads.
// Prints the cold first start (empty data folder: migrations and demo seed), the warm start
// on the existing folder (median of 5), and the gzip size of the JS and CSS /login loads,
// each beside its budget. A benchmark, not a test: figures, never a pass/fail on a noisy box.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchBrowser } from '../tests/helpers/browser';
import { freePort } from '../tests/helpers/freePort';

const WARM_BUDGET_MS = 2000;
/** The server exactly as `npm start` runs it: the bundle built by `npm run build`. */
const SERVER_ARGS = ['--enable-source-maps', 'dist/server/main.mjs'];
const LOGIN_BUDGET_KIB = 250;

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
      Date.now() + 120_000,
    );
    return performance.now() - started;
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }
}

async function loginPageWeight(): Promise<{ files: number; rawKiB: number; gzipKiB: number }> {
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
      Date.now() + 120_000,
    );
    const page = await browser.newPage();
    const bodies: Buffer[] = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') bodies.push(await response.body());
    });
    await page.goto(`http://127.0.0.1:${port}/login`, { waitUntil: 'networkidle' });
    const raw = bodies.reduce((sum, b) => sum + b.length, 0);
    const gzip = bodies.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0);
    return { files: bodies.length, rawKiB: raw / 1024, gzipKiB: gzip / 1024 };
  } finally {
    await browser.close();
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

async function main(): Promise<void> {
  console.log('Building the SPA and the server bundle...');
  const build = spawnSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(1);

  const dataDir = mkdtempSync(join(tmpdir(), 'tessera-bench-'));
  try {
    const cold = await timeStart(dataDir);
    const warm: number[] = [];
    for (let i = 0; i < 5; i += 1) warm.push(await timeStart(dataDir));
    const weight = await loginPageWeight();
    const warmMedian = median(warm);
    console.log('');
    console.log('| measure | value | budget | ratio |');
    console.log('|---|---:|---:|---:|');
    console.log(`| cold first start (migrate + seed) | ${cold.toFixed(0)} ms | - | - |`);
    console.log(
      `| warm start, median of 5 (${warm.map((w) => w.toFixed(0)).join(', ')}) | ${warmMedian.toFixed(0)} ms | ${WARM_BUDGET_MS} ms | ${(warmMedian / WARM_BUDGET_MS).toFixed(2)} |`,
    );
    console.log(
      `| /login JS+CSS, ${weight.files} files (raw ${weight.rawKiB.toFixed(1)} KiB) | ${weight.gzipKiB.toFixed(1)} KiB gzip | ${LOGIN_BUDGET_KIB} KiB | ${(weight.gzipKiB / LOGIN_BUDGET_KIB).toFixed(2)} |`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
