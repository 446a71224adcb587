import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

/**
 * The lock of a data folder: a directory (created atomically) holding its owner's record and,
 * where the platform allows, a Unix socket its holder listens on. The socket dies with its
 * process, so a starter knows at once whether the holder lives; a paused holder still counts
 * as alive, because the kernel accepts a connection into the backlog without the process.
 * A process id alone would not do: after a crash the id may belong to another live process
 * (in a container the server is always process 1).
 */
export const LOCK_DIR_NAME = 'tessera.lock';

/** The pid file earlier versions used; a leftover one is removed once the lock is taken. */
export const LEGACY_PID_FILE = 'tessera.pid';

/** The holder's record inside the lock directory (see {@link LockOwner}). */
export const OWNER_FILE = 'owner.json';

/** The socket the holder listens on, inside the lock directory. */
export const SOCKET_FILE = 'holder.sock';

/**
 * A lock whose directory has not been touched for this long belongs to a process that is gone;
 * only needed where the socket cannot tell (another machine, no socket support, an earlier
 * version's lock, which is an empty directory refreshed the same way).
 */
const STALE_MS = 20_000;
/** How often the holder touches its lock directory. */
const UPDATE_MS = 5_000;
/** How often the holder checks that the lock is still its own. */
const CHECK_MS = 1_000;
/** How often a waiting starter looks again. */
const POLL_MS = 250;
/** A socket that neither accepts nor refuses within this time is taken for a live holder. */
const PROBE_TIMEOUT_MS = 2_000;
/** Longest socket path: `sun_path` holds 108 bytes on Linux and 104 on macOS, with a NUL. */
const MAX_SOCKET_PATH = 100;

/** Who holds a lock: written once, atomically, when the lock is taken. */
export interface LockOwner {
  /** Random, per taking: the holder compares it with its own to know the lock is still its. */
  token: string;
  pid: number;
  host: string;
  /** The kernel's boot id (Linux): processes that share it share one socket namespace. */
  bootId: string | null;
  /** The pid namespace (Linux): pids compare only inside one. */
  pidNamespace: string | null;
  /** The process's start time in clock ticks since boot (Linux): tells a reused pid. */
  processStart: string | null;
  /** The holder listens on {@link SOCKET_FILE}. */
  socket: boolean;
}

/** A held lock on a data folder; `release()` is idempotent. */
export interface FolderLock {
  /** Absolute path of the lock directory. */
  path: string;
  /**
   * True while the lock directory still names this holder. Synchronous and cheap (one small
   * file read), so it can run before a write is confirmed.
   */
  stillHeld(): boolean;
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

const errorCode = (error: unknown): string | undefined => (error as NodeJS.ErrnoException).code;

function readOrNull(read: () => string): string | null {
  try {
    return read().trim();
  } catch {
    return null;
  }
}

const BOOT_ID = readOrNull(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
const PID_NAMESPACE = readOrNull(() => readlinkSync('/proc/self/ns/pid'));

/** A process's start time in clock ticks since boot, from `/proc` (Linux only). */
function processStartOf(pid: number): string | null {
  const stat = readOrNull(() => readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (stat === null) return null;
  // The command name (field 2) may hold spaces and parentheses: count from its end.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return fields[19] ?? null;
}

function ownerOf(path: string): LockOwner | null {
  const text = readOrNull(() => readFileSync(join(path, OWNER_FILE), 'utf8'));
  if (text === null) return null;
  try {
    return JSON.parse(text) as LockOwner;
  } catch {
    return null;
  }
}

/** What a starter concludes about a lock it found. */
type Verdict = 'alive' | 'dead' | 'unknown';

/** Connects to the holder's socket: accepted means alive, refused means its process is gone. */
function probeSocket(socketPath: string): Promise<Verdict> {
  return new Promise((resolve) => {
    const socket = connect(socketPath);
    const settle = (verdict: Verdict) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(verdict);
    };
    const timer = setTimeout(() => settle('alive'), PROBE_TIMEOUT_MS);
    socket.once('connect', () => settle('alive'));
    socket.once('error', (error) => {
      const code = errorCode(error);
      // ECONNREFUSED: the file is there and nobody listens. ENOENT: no socket at all, so the
      // socket cannot tell. Anything else (a full backlog) is a holder that lives.
      settle(code === 'ECONNREFUSED' ? 'dead' : code === 'ENOENT' ? 'unknown' : 'alive');
    });
  });
}

/** Whether a process id still runs the process that wrote `owner`. */
function pidVerdict(owner: LockOwner): Verdict {
  try {
    process.kill(owner.pid, 0);
  } catch (error) {
    // EPERM: a process of another user has the id; it is alive, but may not be the holder.
    return errorCode(error) === 'ESRCH' ? 'dead' : 'unknown';
  }
  const start = owner.processStart === null ? null : processStartOf(owner.pid);
  return start !== null && start !== owner.processStart ? 'dead' : 'unknown';
}

/**
 * Whether the holder named in a lock directory lives. The socket decides where it can; then
 * the process id; 'unknown' leaves it to the directory's age.
 */
async function judge(path: string, owner: LockOwner | null): Promise<Verdict> {
  if (!owner) return 'unknown';
  // A socket or process id is only meaningful on the machine (kernel) that made it.
  const sameMachine =
    BOOT_ID !== null && owner.bootId !== null
      ? owner.bootId === BOOT_ID
      : owner.host === hostname();
  if (!sameMachine) return 'unknown';
  if (owner.socket) {
    const verdict = await probeSocket(join(path, SOCKET_FILE));
    if (verdict !== 'unknown') return verdict;
  }
  if (owner.pidNamespace !== PID_NAMESPACE) return 'unknown';
  return pidVerdict(owner);
}

interface Snapshot {
  ino: number;
  token: string | null;
}

function snapshotOf(path: string, owner: LockOwner | null): Snapshot | undefined {
  try {
    return { ino: statSync(path).ino, token: owner?.token ?? null };
  } catch {
    return undefined;
  }
}

/**
 * Removes a lock judged dead. Two starters may judge it at once; the one that loses must not
 * remove the lock the winner has just made, so the dead one is first moved aside and checked
 * to be the one that was judged.
 */
function removeDeadLock(path: string, judged: Snapshot): void {
  const aside = `${path}.stale-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return;
    throw error;
  }
  const moved = snapshotOf(aside, ownerOf(aside));
  if (moved && moved.ino === judged.ino && moved.token === judged.token) {
    rmSync(aside, { recursive: true, force: true });
    return;
  }
  // Someone else's fresh lock: put it back. Should that fail, its holder finds its lock gone
  // within a second and stops, which is safe.
  try {
    renameSync(aside, path);
  } catch {
    rmSync(aside, { recursive: true, force: true });
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

/**
 * Stops the process before a write when its lock is no longer its own: the heartbeat looks
 * once a second, this looks right before the statement, so no write is confirmed after the
 * folder passed to another server. One small file read, so it guards writes, not reads.
 */
export function assertLockHeld(lock: FolderLock, folder: string): void {
  if (!lock.stillHeld()) stopOnLostLock(folder, 'found before a write');
}

/** Listens on the lock's socket; undefined where the platform or file system cannot. */
async function listenOn(socketPath: string): Promise<Server | undefined> {
  if (process.platform === 'win32' || Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    return undefined;
  }
  const server = createServer((connection) => connection.destroy());
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch {
    // A file system without socket files (some network or shared-folder mounts).
    return undefined;
  }
  server.on('error', () => undefined);
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();
  return server;
}

/**
 * Writes the owner record, failing with EEXIST when one is already there. Written whole under
 * another name and then linked, so a reader never sees half a record; where the file system
 * has no hard links, created exclusively in place (a reader that catches it half written
 * takes it for a lock being made, and looks again).
 */
function writeOwner(path: string, owner: LockOwner): void {
  const text = JSON.stringify(owner);
  const target = join(path, OWNER_FILE);
  const draft = join(path, `${OWNER_FILE}.${owner.token}`);
  writeFileSync(draft, text);
  try {
    linkSync(draft, target);
  } catch (error) {
    if (!['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS'].includes(errorCode(error) ?? '')) throw error;
    writeFileSync(target, text, { flag: 'wx' });
  } finally {
    rmSync(draft, { force: true });
  }
}

/** What the lock's thread reports (see lockHeartbeat.mjs). */
type HeartbeatMessage = { type: 'ready' } | { type: 'released' };

/**
 * Starts the thread that keeps the lock (see lockHeartbeat.mjs): it must run while the main
 * thread is busy, and the embedded database runs there, sometimes for tens of seconds.
 */
async function startHeartbeat(workerData: {
  folder: string;
  path: string;
  ownerFile: string;
  token: string;
  update: number;
  check: number;
}): Promise<Worker> {
  const worker = new Worker(new URL('./lockHeartbeat.mjs', import.meta.url), {
    workerData,
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
  if (first.type !== 'ready') {
    await worker.terminate();
    throw new Error("The lock's thread answered unexpectedly.");
  }
  // The lock must not keep a process alive that has nothing else to do.
  worker.unref();
  return worker;
}

/**
 * Makes a freshly created lock directory this process's: socket, owner record, heartbeat.
 * Returns undefined when another starter wrote its owner record into it first.
 */
async function hold(folder: string, path: string): Promise<FolderLock | undefined> {
  const server = await listenOn(join(path, SOCKET_FILE));
  const token = randomUUID();
  const owner: LockOwner = {
    token,
    pid: process.pid,
    host: hostname(),
    bootId: BOOT_ID,
    pidNamespace: PID_NAMESPACE,
    processStart: processStartOf(process.pid),
    socket: server !== undefined,
  };
  try {
    writeOwner(path, owner);
  } catch (error) {
    server?.close();
    if (errorCode(error) === 'EEXIST' || errorCode(error) === 'ENOENT') return undefined;
    throw error;
  }

  const stillHeld = () => ownerOf(path)?.token === token;
  let worker: Worker;
  let releasing = false;
  try {
    worker = await startHeartbeat({
      folder,
      path,
      ownerFile: join(path, OWNER_FILE),
      token,
      update: UPDATE_MS,
      check: CHECK_MS,
    });
  } catch (error) {
    server?.close();
    rmSync(path, { recursive: true, force: true });
    throw error;
  }
  worker.on('error', (error) => stopOnLostLock(folder, `its thread failed: ${error.message}`));
  worker.on('exit', (code) => {
    if (!releasing) stopOnLostLock(folder, `its thread ended with ${code}`);
  });

  let released: Promise<void> | undefined;
  const release = async () => {
    releasing = true;
    const stopped = once(worker, 'message');
    worker.postMessage('release');
    await stopped;
    await worker.terminate();
    if (stillHeld()) rmSync(path, { recursive: true, force: true });
    server?.close();
  };
  return {
    path,
    stillHeld,
    release() {
      released ??= release();
      return released;
    },
  };
}

/**
 * Takes the lock of a data folder so two servers never open one embedded database (PGlite
 * would corrupt it). A live holder, even one paused by a debugger or SIGSTOP, is refused with
 * {@link FolderLockedError}; the lock of a killed one is taken over at once. Where the holder
 * cannot be asked (no socket support, another machine, an earlier version), the lock's age
 * decides, as before: one its holder keeps touching is refused, one left untouched for 20
 * seconds is taken over.
 */
export async function lockFolder(folder: string): Promise<FolderLock> {
  const path = join(folder, LOCK_DIR_NAME);
  // A lock that has stopped moving for this long is stale, and is taken over before then.
  const deadline = Date.now() + STALE_MS + 2 * UPDATE_MS;
  let seen: number | undefined;
  for (;;) {
    let created = false;
    try {
      mkdirSync(path);
      created = true;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
    }
    if (created) {
      const lock = await hold(folder, path);
      if (lock) {
        rmSync(join(folder, LEGACY_PID_FILE), { force: true });
        return lock;
      }
      continue;
    }

    const owner = ownerOf(path);
    const snapshot = snapshotOf(path, owner);
    if (!snapshot) continue;
    const verdict = await judge(path, owner);
    if (verdict === 'alive') throw new FolderLockedError(folder);
    if (verdict === 'dead') {
      removeDeadLock(path, snapshot);
      continue;
    }
    // 1. A lock whose time moves is touched by a live holder: refuse.
    const modified = modifiedAt(path);
    if (modified === undefined) continue;
    if (seen !== undefined && modified !== seen) throw new FolderLockedError(folder);
    seen ??= modified;
    // 2. One left untouched for longer than a live holder ever does is taken over.
    if (Date.now() - modified > STALE_MS) {
      removeDeadLock(path, snapshot);
      continue;
    }
    if (Date.now() > deadline) throw new FolderLockedError(folder);
    await sleep(POLL_MS);
  }
}

function modifiedAt(path: string): number | undefined {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}
