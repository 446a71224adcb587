// The job thread as the source tree runs it (under tsx and vitest): a worker thread gets
// none of its parent's module loaders, so it registers the TypeScript loader itself before
// loading the job code. The build puts a bundle of server/jobs/jobThread.ts under this name instead
// (scripts/buildServer.mjs), which needs no loader.
import { register } from 'tsx/esm/api';

register();
await import('../jobs/jobThread.ts');
