import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from '../helpers/browser';
import { freePort } from '../helpers/freePort';

// The server exactly as `npm start` runs it once the build is done (test:e2e builds first).
const SERVER_ARGS = ['--enable-source-maps', 'dist/server/main.mjs'];
const WELCOME = /Tessera is running at (http:\/\/localhost:\d+)/;

let browser: Browser;
let child: ChildProcess | undefined;
let dataDir = '';
let output = '';

/**
 * A first start migrates and seeds the demo (hundreds of cases driven through the engine):
 * seconds on a quiet machine, minutes on two cores shared with other tests.
 * Limits only a hang reaches.
 */
const WELCOME_WAIT_MS = 240_000;
const TEST_TIMEOUT_MS = WELCOME_WAIT_MS + 120_000;

/** Starts the built server on an empty data folder and waits for its welcome lines. */
async function startLikeNpmStart(port: number): Promise<string> {
  dataDir = mkdtempSync(join(tmpdir(), 'tessera-start-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.NODE_ENV;
  child = spawn(process.execPath, SERVER_ARGS, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const started = child;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`No welcome within ${WELCOME_WAIT_MS / 1000} s:\n${output}`)),
      WELCOME_WAIT_MS,
    );
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      const match = WELCOME.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    started.stdout?.on('data', listen);
    started.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server stopped with ${String(code)}:\n${output}`));
    });
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it(
    'given a fresh data folder, when the built server starts, then it prints its URL and the demo sign-ins, and a demo user signs in there',
    async () => {
      const port = await freePort();
      const url = await startLikeNpmStart(port);
      expect(url).toBe(`http://localhost:${port}`);
      expect(output).toContain('lucas.martin@tessera.example');
      expect(output).toContain('Demo data was created on this first start.');

      const { context, page } = await openPage(browser);
      await page.goto(url);
      await page.waitForURL((current) => current.pathname === '/login');
      await page.locator('#email').fill('lucas.martin@tessera.example');
      await page.locator('#password').fill('Tessera#2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      // The demo workload is there: the officer's dashboard lists tasks.
      await expect(page.locator('body').innerText()).resolves.toContain('Lucas Martin');
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});
