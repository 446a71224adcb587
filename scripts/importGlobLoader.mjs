// The load hook behind scripts/importGlobHook.mjs. Registered after tsx's, it runs first and
// asks tsx for the module, so it sees JavaScript; it expands the globs of the project's own
// modules and leaves every other module as it came.
import { Buffer } from 'node:buffer';
import { fileURLToPath } from 'node:url';
import { expandImportGlobs, hasImportGlob, PROJECT_ROOT } from './importGlob.mjs';

const OWN = /\.(?:[cm]?[jt]sx?)$/;

export async function load(url, context, nextLoad) {
  const loaded = await nextLoad(url, context);
  if (!url.startsWith('file:') || loaded.format !== 'module' || loaded.source == null) {
    return loaded;
  }
  const file = fileURLToPath(url);
  if (!file.startsWith(PROJECT_ROOT) || file.includes('/node_modules/') || !OWN.test(file)) {
    return loaded;
  }
  const code =
    typeof loaded.source === 'string' ? loaded.source : Buffer.from(loaded.source).toString('utf8');
  if (!hasImportGlob(code)) return loaded;
  return { ...loaded, source: expandImportGlobs(code, file) };
}
