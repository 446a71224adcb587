// The holder of a data-folder lock, on a thread of its own. The lock is a directory whose
// modification time must be refreshed every few seconds; the server's main thread can be
// busy for longer than that (the embedded database runs on it, and a first start or a large
// statement holds it for tens of seconds), so the refresh cannot live there. Plain
// JavaScript, so the same file runs from the source tree and next to the server bundle.
import { parentPort, workerData } from 'node:worker_threads';
import { lock } from 'proper-lockfile';

const { folder, lockfilePath, stale, update } = workerData;

try {
  const release = await lock(folder, {
    lockfilePath,
    realpath: false,
    stale,
    update,
    // Another process took the lock over: the main thread decides what to do.
    onCompromised: (error) => parentPort.postMessage({ type: 'lost', message: error.message }),
  });
  parentPort.on('message', (message) => {
    if (message !== 'release') return;
    release().then(
      () => parentPort.postMessage({ type: 'released' }),
      (error) => parentPort.postMessage({ type: 'released', message: error.message }),
    );
  });
  parentPort.postMessage({ type: 'locked' });
} catch (error) {
  parentPort.postMessage({ type: 'refused', code: error.code, message: error.message });
}
