/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = process.env.TESSERA_API ?? 'http://localhost:8080';

/**
 * A build is always a production build. Vite takes NODE_ENV from the environment, and a
 * developer's shell often says `development`: the SPA would then ship React's development
 * build, slower several times over. Set before the React plugin reads it (`enforce: 'pre'`).
 */
const productionBuild: Plugin = {
  name: 'tessera-production-build',
  enforce: 'pre',
  config(_config, { command }) {
    if (command === 'build') process.env.NODE_ENV = 'production';
  },
};

/**
 * One Vite config for the SPA build, the dev server (API proxied to the Tessera server) and
 * Vitest, whose projects mirror the kinds of test: unit (node) and components (jsdom), server
 * integration (node, real database) and end-to-end (node driving Chromium).
 */
/** Shared by the two unit projects, which `npm run test:unit` runs as one. */
const unitLimits = {
  // Vitest's default is one worker fewer than the cores: one worker on two cores, with the
  // second mostly idle once the files are transformed. Unit files are independent.
  maxWorkers: 2,
  // CI runs on two busy cores, where rendering a whole page in jsdom can take several
  // seconds: a limit that only a hung test reaches, never a slow machine.
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  plugins: [productionBuild, react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // No source maps: they would publish the source of the client to anyone who asks.
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      treeshake: {
        // The API schemas are TypeBox builders run at module load; marked pure, the schemas
        // a client chunk imports but never uses are dropped from it.
        manualPureFunctions: ['Type', 'StringEnum', 'Nullable', 'JsonObject', 'Object.values'],
      },
      output: {
        // A field plugin's lazily loaded widget is named after its type
        // (`plugin-people-<hash>.js`), so a network trace shows which heavy plugins a page
        // fetched; every other chunk keeps Vite's default name.
        chunkFileNames: (chunk) => {
          const plugin = /\/plugins\/([^/]+)\/[^/]+$/.exec(chunk.facadeModuleId ?? '');
          return plugin ? `assets/plugin-${plugin[1]}-[hash].js` : 'assets/[name]-[hash].js';
        },
        // The translations a page loads on demand arrive as one chunk a language
        // (`locale-es-<hash>.js`), not as a request per area: another language when it is
        // chosen, the rest of English with the screens behind sign-in. The areas the first
        // chunk imports itself (src/i18n/i18n.ts) stay in it.
        codeSplitting: {
          groups: [
            {
              name: (id, chunking) => {
                const language = /\/locales\/([a-z]{2})\/[^/]+\.json$/.exec(id)?.[1];
                if (!language) return null;
                const imported = (chunking.getModuleInfo(id)?.importers.length ?? 0) > 0;
                return imported ? null : `locale-${language}`;
              },
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/identity': { target: apiTarget, changeOrigin: false },
      '/api': { target: apiTarget, changeOrigin: false },
      '/dev': { target: apiTarget, changeOrigin: false },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // One module graph a worker for all its files (192 files: 139 s with a fresh one
          // each, 44 s without): what a file changes that outlives it (the language, the
          // clock, a global) it puts back, and imported JSON is copied before i18next merges
          // into it. Components keep a graph each: a lazily loaded widget that arrives after
          // its file's window closed broke the next file's render.
          isolate: false,
          // Logic, stores and schemas: Node is enough and starts in no time, where a jsdom
          // window per file cost more than the tests themselves. A `.ts` test that does need
          // a DOM says so in its first line (`// @vitest-environment jsdom`).
          environment: 'node',
          include: [
            'src/**/*.test.ts',
            'plugins/**/*.test.ts',
            'schemas/**/*.test.ts',
            // The test helpers' own pure logic (the rules a screen's text is read against).
            'tests/helpers/**/*.test.ts',
            // The build tools' own logic (import.meta.glob outside Vite).
            'scripts/**/*.test.ts',
          ],
          setupFiles: ['tests/helpers/setupUnit.ts'],
          ...unitLimits,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          // What renders React: a jsdom window for each file.
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', 'plugins/**/*.test.tsx'],
          setupFiles: ['tests/helpers/setupUnit.ts'],
          ...unitLimits,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // One migrated and seeded database for the run, which each test server copies.
          globalSetup: ['tests/helpers/preparedDatabaseSetup.ts'],
          // One module graph a worker, as for unit files: importing the server once a worker,
          // not once a file. No server test mocks a module.
          isolate: false,
          include: [
            'server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two files at a time: each has its own database (a PGlite in its worker, or a
          // throw-away database on DATABASE_URL's server) and its own server on a free port,
          // and a PGlite file keeps one core busy, so one at a time left the second idle.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          globalSetup: ['tests/helpers/preparedDatabaseSetup.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A page's answer to a click can take seconds on two cores shared with a server
          // and another browser: Vitest's one-second default for `expect.poll` failed a
          // scroll into view that came a moment later. A poll ends as soon as it holds.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          // Two files at a time, each with its own server and Chromium: much of a browser
          // test is waiting (for a page, a fade, a debounce), which the other file fills
          // (36 files: 16 min one at a time, 11 min two at a time on a quiet two-core
          // machine). Inside a file, tests marked concurrent run two at a time.
          maxWorkers: 2,
          maxConcurrency: 2,
        },
      },
    ],
  },
});
