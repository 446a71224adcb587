// The holder's side of a data-folder lock, on a thread of its own because the server's main
// thread can be busy for tens of seconds (the embedded database runs on it). It touches the
// lock directory every few seconds (starters that cannot ask the holder's socket, and earlier
// versions, judge a lock by that), and checks every second that the lock still names this
// holder. Plain JavaScript, so the same file runs from the source tree and next to the bundle.
import { readFileSync, utimesSync, writeSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';
import { parentPort, workerData } from 'node:worker_threads';

const { folder, path, ownerFile, token, update, check } = workerData;

/**
 * Another process took the data folder over (it judged this one gone, for instance after it
 * was paused for longer than the lock's staleness). Two writers would corrupt the database,
 * and even an orderly close writes to it, so the whole process ends at once, before it can
 * confirm one more write. The line goes straight to the file descriptor: a thread's
 * process.stderr passes through the main thread, which may be busy or never run again.
 */
function stop(reason) {
  writeSync(
    2,
    `Tessera stops at once: the lock of the data folder ${folder} is no longer its own (${reason}); ` +
      'another server may be using the folder.\n',
  );
  process.kill(process.pid, 'SIGKILL');
}

/** 'own', 'lost', or 'unsure' when the record could not be read this time (EMFILE, EIO). */
function ownership() {
  let text;
  try {
    text = readFileSync(ownerFile, 'utf8');
  } catch (error) {
    return error.code === 'ENOENT' || error.code === 'ENOTDIR' ? 'lost' : 'unsure';
  }
  try {
    return JSON.parse(text).token === token ? 'own' : 'lost';
  } catch {
    // The record is written whole, once: text that does not parse is someone else's.
    return 'lost';
  }
}

let lastTouch = 0;

function beat() {
  const state = ownership();
  if (state === 'lost') {
    stop('its owner record is gone or names another holder');
    return;
  }
  const now = Date.now();
  if (state === 'unsure' || now - lastTouch < update) return;
  try {
    utimesSync(path, new Date(now), new Date(now));
    lastTouch = now;
  } catch (error) {
    // A busy process (no file descriptor free) tries again at the next beat; a missing
    // directory is a lost lock.
    if (error.code === 'ENOENT') stop('its directory is gone');
  }
}

beat();
const timer = setInterval(beat, check);

parentPort.on('message', (message) => {
  if (message !== 'release') return;
  clearInterval(timer);
  parentPort.postMessage({ type: 'released' });
});
parentPort.postMessage({ type: 'ready' });
