import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../server/testing/startTestServer';
import { launchBrowser } from './browser';

/** How long starting both may take: a limit only a hang reaches, never a busy machine. */
const START_TIMEOUT_MS = 300_000;

/** The real server and a headless Chromium that the tests of one file share. */
export interface ServerAndBrowser {
  /** The running server; read it inside tests and hooks, not at the top of the file. */
  readonly server: TestServer;
  /** The browser; each test opens its own context on it (a stranger's browser every time). */
  readonly browser: Browser;
}

/**
 * Starts the server and the browser before the file's first test and stops both after its
 * last, registered as hooks of the calling file; the file's own `beforeAll` hooks run after
 * these, so they can seed the server. Starting once a file, not once a test, keeps the
 * end-to-end suite short on a two-core machine. `browserArgs` adds Chromium flags (a fake
 * camera).
 */
export function setUpServerAndBrowser(
  options: TestServerOptions = {},
  browserArgs: readonly string[] = [],
): ServerAndBrowser {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    // Both start at once: the browser's start-up overlaps the database's migration.
    // Each is kept as soon as it runs, so the closing hook stops it even if the other failed.
    await Promise.all([
      startTestServer(options).then((started) => (server = started)),
      launchBrowser(browserArgs).then((launched) => (browser = launched)),
    ]);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('The test server is not running: use it inside a test.');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('The browser is not running: use it inside a test.');
      return browser;
    },
  };
}
