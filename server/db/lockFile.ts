import { once } from 'node:events';
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/**
 * The lock of a data folder: a directory (created atomically) whose modification time its
 * holder refreshes every few seconds. A process id would not do: after a crash the id may
 * belong to another live process (in a container the server is always process 1).
 */
export const LOCK_DIR_NAME = 'tessera.lock';

/** The pid file earlier versions used; a leftover one is removed once the lock is taken. */
export const LEGACY_PID_FILE = 'tessera.pid';

/** A lock not refreshed for this long belongs to a process that is gone. */
const STALE_MS = 20_000;
/** How often the holder refreshes its lock. */
const UPDATE_MS = 5_000;
/** How often a waiting starter looks again. */
const POLL_MS = 500;

/** A held lock on a data folder; `release()` is idempotent. */
export interface FolderLock {
  /** Absolute path of the lock directory. */
  path: string;
  /** Gives the lock up. */
  release(): Promise<void>;
}

/** Thrown when another live process holds the data folder. */
export class FolderLockedError extends Error {
  override name = 'FolderLockedError';

  constructor(folder: string) {
    super(
      `The data folder ${folder} is in use by another Tessera server. ` +
        'Stop that server first, or start this one with another DATA_DIR.',
    );
  }
}

function modifiedAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * Losing the lock means another process judged this one gone and opened the folder: two
 * writers would corrupt the database, so this process stops at once.
 */
function stopOnLostLock(folder: string, reason: string): never {
  process.stderr.write(
    `Tessera stops: the lock of the data folder ${folder} was lost (${reason}).\n`,
  );
  process.exit(1);
}

/** What the lock's thread reports (see lockHeartbeat.mjs). */
type HeartbeatMessage =
  | { type: 'locked' }
  | { type: 'released'; message?: string }
  | { type: 'refused'; code?: string; message: string }
  | { type: 'lost'; message: string };

/** One attempt: a thread that takes the lock and keeps it fresh, or the reason it could not. */
async function tryLock(folder: string, path: string): Promise<Worker> {
  const worker = new Worker(new URL('./lockHeartbeat.mjs', import.meta.url), {
    workerData: { folder, lockfilePath: path, stale: STALE_MS, update: UPDATE_MS },
    // Plain JavaScript: none of the process's own flags (loaders, eval input) apply to it.
    execArgv: [],
  });
  const [first] = (await Promise.race([
    once(worker, 'message'),
    once(worker, 'error').then(([error]) => Promise.reject(error as Error)),
    once(worker, 'exit').then(([code]) =>
      Promise.reject(new Error(`The lock's thread ended with ${String(code)}.`)),
    ),
  ])) as [HeartbeatMessage];
  if (first.type === 'locked') {
    worker.on('message', (message: HeartbeatMessage) => {
      if (message.type === 'lost') stopOnLostLock(folder, message.message);
    });
    // The lock must not keep a process alive that has nothing else to do.
    worker.unref();
    return worker;
  }
  await worker.terminate();
  const message = first.type === 'refused' ? first.message : 'unexpected answer';
  throw Object.assign(new Error(message), {
    code: first.type === 'refused' ? first.code : undefined,
  });
}

/** Gives the lock up and ends its thread. */
async function unlockWith(worker: Worker): Promise<void> {
  const released = once(worker, 'message');
  worker.postMessage('release');
  await released;
  await worker.terminate();
}

/**
 * Takes the lock of a data folder so two servers never open one embedded database (PGlite
 * would corrupt it). A live holder refreshes its lock every few seconds from a thread of its
 * own, which a starter sees within one refresh and refuses with {@link FolderLockedError}; a
 * lock nobody refreshes (its process was killed) is taken over once it is stale, whatever
 * process now has the old id.
 */
export async function lockFolder(folder: string): Promise<FolderLock> {
  const path = join(folder, LOCK_DIR_NAME);
  // A lock that has stopped moving for this long is stale, and is taken over before then.
  const deadline = Date.now() + STALE_MS + 2 * UPDATE_MS;
  let seen: number | undefined;
  for (;;) {
    try {
      const worker = await tryLock(folder, path);
      rmSync(join(folder, LEGACY_PID_FILE), { force: true });
      let released: Promise<void> | undefined;
      return {
        path,
        release() {
          released ??= unlockWith(worker);
          return released;
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      // 1. A lock whose time moves is refreshed by a live holder: refuse.
      const modified = modifiedAt(path);
      if (seen !== undefined && modified !== undefined && modified !== seen) {
        throw new FolderLockedError(folder);
      }
      seen ??= modified;
      // 2. One that never moves turns stale and is taken over on a later attempt.
      if (Date.now() > deadline) throw new FolderLockedError(folder);
      await sleep(POLL_MS);
    }
  }
}
