import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder a test file's screenshots go to, created if missing: `<name>` under
 * `TESSERA_SHOTS_DIR` when set, so a run can keep them, else under the system's temporary
 * folder. Screenshots are for a person to look at after a run; no assertion reads them.
 */
export function screenshotsFolder(name = 'shots'): string {
  const folder = join(process.env.TESSERA_SHOTS_DIR ?? tmpdir(), name);
  mkdirSync(folder, { recursive: true });
  return folder;
}
