import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root, where `npm run form` runs. */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** tsx with the project's `import.meta.glob` (the plugin folders), as the npm scripts run it. */
export const TSX = join(ROOT, 'node_modules/.bin/tsx');
export const TSX_ARGS = ['--import', './scripts/importGlobHook.mjs'] as const;

/**
 * Each run starts tsx, which compiles the script first: seconds on a quiet machine, many more
 * on two cores shared with other test files. A limit only a hang reaches.
 */
export const CHILD_TIMEOUT_MS = 120_000;

/** What a run of the command printed and how it ended. */
export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command in a folder and answers how it ended and what it printed. */
export function runCommand(command: string, args: readonly string[], cwd: string): Promise<Run> {
  return new Promise((done) => {
    execFile(
      command,
      args,
      { cwd, timeout: CHILD_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** Runs `npm run form -- ARGS` as npm does, from the root, and answers its exit code and output. */
export function runForm(args: readonly string[]): Promise<Run> {
  return runCommand(TSX, [...TSX_ARGS, 'scripts/form.ts', ...args], ROOT);
}
