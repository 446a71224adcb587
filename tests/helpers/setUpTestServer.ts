import { afterAll, beforeAll } from 'vitest';
import {
  startTestServer,
  type TestServer,
  type TestServerOptions,
} from '../../server/testing/startTestServer';

/** How long starting may take before the suite gives up. */
const START_TIMEOUT_MS = 300_000;

/** The real server that the tests of one file or `describe` share. */
export interface SharedTestServer {
  /** The running server; read it inside tests and hooks, not while the suite is collected. */
  readonly server: TestServer;
}

/**
 * Starts the server before the first test of the calling file or `describe` and stops it
 * after the last, as hooks of that suite; hooks the suite registers later run after these,
 * so they can seed it.
 */
export function setUpTestServer(options: TestServerOptions = {}): SharedTestServer {
  let server: TestServer | undefined;
  // Migrating and seeding a fresh database takes seconds, many more on a busy machine: a
  // limit only a hang reaches.
  beforeAll(async () => {
    server = await startTestServer(options);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await server?.close();
  });
  return {
    get server() {
      if (!server) throw new Error('The test server is not running: use it inside a test.');
      return server;
    },
  };
}
