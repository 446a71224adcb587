// Bundles the server into one ES module (dist/server/main.mjs). Node then loads one file
// instead of resolving and transpiling hundreds, which is most of a warm start. What stays
// outside the bundle, and why, is in scripts/serverBundle.mjs.
// Usage: node scripts/buildServer.mjs [outfile]  (default dist/server/main.mjs)
import { copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { SERVER_EXTERNALS, serverBundleOptions } from './serverBundle.mjs';

const outfile = process.argv[2] ?? 'dist/server/main.mjs';

await build(serverBundleOptions('server/main.ts', outfile, { external: SERVER_EXTERNALS }));

// The data-folder lock runs on a thread of its own, loaded from a file next to the bundle.
copyFileSync('server/db/lockHeartbeat.mjs', join(dirname(outfile), 'lockHeartbeat.mjs'));

// Heavy or hostile work (uploaded spreadsheets, templates, documents, the records download)
// runs on job threads, loaded from a bundle of the job code next to the server's bundle
// under the name the source tree's loader has (server/workers/jobWorker.mjs).
await build(
  serverBundleOptions('server/jobs/jobThread.ts', join(dirname(outfile), 'jobWorker.mjs')),
);
