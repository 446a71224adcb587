import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FolderLockedError,
  LOCK_DIR_NAME,
  OWNER_FILE,
  lockFolder,
  type LockOwner,
} from './lockFile';

const LOCK_MODULE = pathToFileURL(join(import.meta.dirname, 'lockFile.ts')).href;

/** A separate process that takes the lock of `folder`, says so, and then idles. */
async function startHolder(folder: string): Promise<{ child: ChildProcess; stderr: () => string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockFolder } = await import(${JSON.stringify(LOCK_MODULE)});
       await lockFolder(${JSON.stringify(folder)});
       process.stdout.write('locked\\n');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}: ${stderr}`)));
  });
  return { child, stderr: () => stderr };
}

async function killed(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
}

const aMinuteAgo = () => new Date(Date.now() - 60_000);

describe('the data-folder lock', { timeout: 60_000 }, () => {
  let folder: string;
  const children: ChildProcess[] = [];

  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'tessera-lockfile-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      child.kill('SIGCONT');
      await killed(child);
    }
    rmSync(folder, { recursive: true, force: true });
  });

  it('given a holder killed with SIGKILL, when a new start asks for the folder right away, then it takes the lock over at once', async () => {
    const holder = await startHolder(folder);
    children.push(holder.child);
    await expect(lockFolder(folder)).rejects.toBeInstanceOf(FolderLockedError);

    await killed(holder.child);
    expect(existsSync(join(folder, LOCK_DIR_NAME))).toBe(true);
    const started = Date.now();
    const lock = await lockFolder(folder);

    expect(Date.now() - started).toBeLessThan(3_000);
    expect(lock.stillHeld()).toBe(true);
    await lock.release();
    expect(existsSync(join(folder, LOCK_DIR_NAME))).toBe(false);
  });

  it('given a holder paused with SIGSTOP for longer than a lock stays fresh, when a new start asks, then it is refused at once, and the holder keeps the lock after SIGCONT', async () => {
    const holder = await startHolder(folder);
    children.push(holder.child);
    holder.child.kill('SIGSTOP');
    // The paused holder touches nothing: as if it had been stopped for a minute.
    utimesSync(join(folder, LOCK_DIR_NAME), aMinuteAgo(), aMinuteAgo());

    const started = Date.now();
    await expect(lockFolder(folder)).rejects.toBeInstanceOf(FolderLockedError);
    expect(Date.now() - started).toBeLessThan(5_000);

    holder.child.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(holder.child.exitCode).toBeNull();
    expect(holder.child.signalCode).toBeNull();
    await expect(lockFolder(folder)).rejects.toBeInstanceOf(FolderLockedError);
  });

  it('given a holder whose lock was taken by another process, when its heartbeat sees it, then the process ends at once with a clear line', async () => {
    const holder = await startHolder(folder);
    children.push(holder.child);
    const ownerPath = join(folder, LOCK_DIR_NAME, OWNER_FILE);
    const owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as LockOwner;
    const exited = once(holder.child, 'exit');

    writeFileSync(ownerPath, JSON.stringify({ ...owner, token: 'someone-else' }));
    const [code, signal] = (await exited) as [number | null, NodeJS.Signals | null];

    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
    expect(holder.stderr()).toContain('Tessera stops at once: the lock of the data folder');
  });

  it('given a killed holder that had no socket (a platform without them), when a new start asks, then its process id shows it gone and the lock is taken at once', async () => {
    const holder = await startHolder(folder);
    children.push(holder.child);
    await killed(holder.child);
    const ownerPath = join(folder, LOCK_DIR_NAME, OWNER_FILE);
    const owner = JSON.parse(readFileSync(ownerPath, 'utf8')) as LockOwner;
    writeFileSync(ownerPath, JSON.stringify({ ...owner, socket: false }));

    const started = Date.now();
    const lock = await lockFolder(folder);

    expect(Date.now() - started).toBeLessThan(3_000);
    await lock.release();
  });

  it('given a lock of another machine that nobody touched for a minute, when a new start asks, then it is taken over as stale', async () => {
    const path = join(folder, LOCK_DIR_NAME);
    mkdirSync(path);
    const foreign: LockOwner = {
      token: 'other-machine',
      pid: 1,
      host: 'another-host.example',
      bootId: 'another-boot',
      pidNamespace: null,
      processStart: null,
      socket: true,
    };
    writeFileSync(join(path, OWNER_FILE), JSON.stringify(foreign));
    utimesSync(path, aMinuteAgo(), aMinuteAgo());

    const lock = await lockFolder(folder);

    expect(lock.stillHeld()).toBe(true);
    await lock.release();
  });

  it('given a dead holder, when two starters race for its folder, then exactly one wins', async () => {
    const holder = await startHolder(folder);
    children.push(holder.child);
    await killed(holder.child);

    const results = await Promise.allSettled([lockFolder(folder), lockFolder(folder)]);

    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result) => result.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect((lost[0] as PromiseRejectedResult).reason).toBeInstanceOf(FolderLockedError);
    await (
      won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof lockFolder>>>
    ).value.release();
  });
});
