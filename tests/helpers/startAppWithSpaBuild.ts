import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import type { AppConfig } from '../../server/config';
import type { AppDatabase } from '../../server/db/database';
import { testConfig } from '../../server/testing/startTestServer';

/** Files of a stand-in SPA build: path inside the build folder, and text. */
export type SpaBuildFiles = Record<string, string>;

/** The smallest build the SPA routes serve: the page and one hashed script. */
export const MINIMAL_SPA_BUILD: SpaBuildFiles = {
  'index.html': '<!doctype html><title>Tessera</title>',
  'assets/main-abc123.js': 'console.log(1)',
};

/** A second app on a test server's database, serving a stand-in SPA build. */
export interface AppWithSpaBuild {
  /** Call it through `inject`; it does not listen. */
  app: FastifyInstance;
  /** Closes the app and deletes the build folder. */
  close(): Promise<void>;
}

/**
 * Builds the app with `config` on top of the test defaults, serving a temporary build of the
 * minimal SPA plus `extraFiles`: how the static routes, their caching and what they refuse
 * are tested without running a real build.
 */
export async function startAppWithSpaBuild(
  database: AppDatabase,
  config: Partial<AppConfig>,
  extraFiles: SpaBuildFiles = {},
): Promise<AppWithSpaBuild> {
  const clientDir = await mkdtemp(join(tmpdir(), 'tessera-spa-'));
  const remove = () => rm(clientDir, { recursive: true, force: true });
  try {
    for (const [path, text] of Object.entries({ ...MINIMAL_SPA_BUILD, ...extraFiles })) {
      await mkdir(dirname(join(clientDir, path)), { recursive: true });
      await writeFile(join(clientDir, path), text);
    }
    const app = await buildApp({ config: testConfig(config), database, clientDir });
    await app.ready();
    return {
      app,
      async close() {
        try {
          await app.close();
        } finally {
          await remove();
        }
      },
    };
  } catch (error) {
    await remove();
    throw error;
  }
}
