// Bundles the server into one ES module (dist/server/main.mjs). Node then loads one file
// instead of resolving and transpiling hundreds, which is most of a warm start. PGlite stays
// external because it finds its WebAssembly and data files next to its own module, and sharp
// because it loads its native image library from a package of its own.
// The Sentry client stays external too: it is imported only when SENTRY_DSN is set, so a
// server without one never reads it, and it resolves from node_modules like any dependency.
// Usage: node scripts/buildServer.mjs [outfile]  (default dist/server/main.mjs)
import { copyFileSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { expandImportGlobs, hasImportGlob } from './importGlob.mjs';

const outfile = process.argv[2] ?? 'dist/server/main.mjs';

/**
 * The project's eager `import.meta.glob` calls (the plugin folders), written out as Vite
 * writes them for the browser, so the server's bundle finds the same folders.
 */
const importGlobs = {
  name: 'tessera-import-glob',
  setup(bundler) {
    bundler.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (args.path.includes('/node_modules/')) return undefined;
      const code = readFileSync(args.path, 'utf8');
      if (!hasImportGlob(code)) return undefined;
      return {
        contents: expandImportGlobs(code, args.path),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      };
    });
  },
};

await build({
  entryPoints: ['server/main.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Stack traces need the mappings only; the sources' text would triple the map that Node
  // reads at every start (--enable-source-maps).
  sourcesContent: false,
  legalComments: 'none',
  // The bundled libraries take their production paths whatever NODE_ENV the build ran with.
  // The server's own mode is read from the environment at run time (config.ts), not here.
  define: { 'process.env.NODE_ENV': '"production"' },
  external: ['@electric-sql/pglite', 'pg-native', 'sharp', '@sentry/node'],
  // CommonJS dependencies inside an ES module bundle still call require().
  banner: {
    js: "import { createRequire as __tesseraCreateRequire } from 'node:module';\nconst require = __tesseraCreateRequire(import.meta.url);",
  },
  plugins: [importGlobs],
  logLevel: 'warning',
});

// The data-folder lock runs on a thread of its own, loaded from a file next to the bundle.
copyFileSync('server/db/lockHeartbeat.mjs', join(dirname(outfile), 'lockHeartbeat.mjs'));

// Heavy or hostile work (uploaded spreadsheets, templates, documents, the records download)
// runs on job threads, loaded from a bundle of the job code next to the server's bundle
// under the name the source tree's loader has (server/workers/jobWorker.mjs).
await build({
  entryPoints: ['server/jobs/jobThread.ts'],
  outfile: join(dirname(outfile), 'jobWorker.mjs'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS dependencies (docxtemplater, PizZip) still call require().
  banner: {
    js: "import { createRequire as __tesseraCreateRequire } from 'node:module';\nconst require = __tesseraCreateRequire(import.meta.url);",
  },
  plugins: [importGlobs],
  logLevel: 'warning',
});
