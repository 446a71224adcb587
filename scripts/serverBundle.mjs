// How a server module is bundled (scripts/buildServer.mjs): one ES module for Node, the
// project's `import.meta.glob` calls expanded as Vite expands them for the browser, so the
// bundle finds the same plugin folders. Shared with the test that bundles a probe of the
// server's form checks the same way (tests/architecture/newFieldFolder.test.ts).
import { esbuildImportGlobs, PROJECT_ROOT } from './importGlob.mjs';

/**
 * esbuild's options for bundling `entryPoint` into `outfile`; `external` names packages
 * left to Node. `root` is the project whose globs are expanded.
 */
export function serverBundleOptions(
  entryPoint,
  outfile,
  { external = [], root = PROJECT_ROOT } = {},
) {
  return {
    entryPoints: [entryPoint],
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
    external,
    // CommonJS dependencies inside an ES module bundle still call require().
    banner: {
      js: "import { createRequire as __tesseraCreateRequire } from 'node:module';\nconst require = __tesseraCreateRequire(import.meta.url);",
    },
    plugins: [esbuildImportGlobs(root)],
    logLevel: 'warning',
  };
}

/**
 * Packages the server's bundle leaves to Node. PGlite finds its WebAssembly and data files
 * next to its own module, and sharp loads its native image library from a package of its
 * own. The Sentry client is imported only when SENTRY_DSN is set, so a server without one
 * never reads it, and it resolves from node_modules like any dependency.
 */
export const SERVER_EXTERNALS = ['@electric-sql/pglite', 'pg-native', 'sharp', '@sentry/node'];
