import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** The file in a data folder that names the process holding that folder. */
export const LOCK_FILE_NAME = 'tessera.pid';

/** A held lock on a data folder; `release()` is idempotent. */
export interface FolderLock {
  /** Absolute path of the lock file. */
  path: string;
  /** Removes the lock file if it is still ours. */
  release(): void;
}

/** Thrown when another live process already holds the data folder. */
export class FolderLockedError extends Error {
  override name = 'FolderLockedError';
  /** The pid written in the lock file. */
  readonly pid: number;

  constructor(folder: string, pid: number) {
    super(
      `The data folder ${folder} is in use by process ${pid}. ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
    this.pid = pid;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else: still alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isFresh(path: string): boolean {
  try {
    return Date.now() - statSync(path).mtimeMs < 5_000;
  } catch {
    return false;
  }
}

/**
 * Takes the pid lock of a data folder so two servers never open one embedded database
 * (PGlite would corrupt it). A lock left by a dead process is taken over.
 */
export function lockFolder(folder: string): FolderLock {
  const path = join(folder, LOCK_FILE_NAME);
  // Two attempts: the second follows the removal of a stale lock.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      // 'wx' creates atomically, so two processes racing here cannot both win.
      const fd = openSync(path, 'wx');
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return {
        path,
        release() {
          if (released) return;
          released = true;
          if (readPid(path) === process.pid) unlinkSync(path);
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = readPid(path);
      if (pid !== undefined && isAlive(pid)) throw new FolderLockedError(folder, pid);
      // An empty, brand-new file is another process between creating and writing it.
      if (pid === undefined && isFresh(path)) throw new FolderLockedError(folder, 0);
      try {
        unlinkSync(path);
      } catch (unlinkError) {
        if ((unlinkError as NodeJS.ErrnoException).code !== 'ENOENT') throw unlinkError;
      }
    }
  }
  throw new Error(`Could not take the lock ${path}; another process keeps replacing it.`);
}
