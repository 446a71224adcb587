// The body of a job thread (see runInWorker.ts): it says it is ready, collects the items it
// is handed, runs the one job it is asked for and answers its value or its refusal. The
// main thread ends it afterwards, so it runs exactly one job.
import { parentPort } from 'node:worker_threads';
import { AppError } from '../errors';
import { jobs, type WorkerAnswer, type WorkerRequest } from './jobs';

/** The own property names of Object.prototype, to notice a job that added one. */
const prototypeKeys = () => Object.getOwnPropertyNames(Object.prototype).sort().join(',');

/** Runs the named job and answers; a job that changed Object.prototype read hostile input. */
function run(request: Extract<WorkerRequest, { type: 'run' }>, items: unknown[]): WorkerAnswer {
  const before = prototypeKeys();
  try {
    const job = jobs[request.job] as (input: unknown, items: readonly unknown[]) => unknown;
    const value = job(request.input, items);
    if (prototypeKeys() !== before) {
      return { type: 'failed', refusal: null, message: 'The job changed Object.prototype.' };
    }
    return { type: 'done', value };
  } catch (error) {
    if (error instanceof AppError) {
      const { statusCode, code, message, details } = error;
      return { type: 'failed', refusal: { statusCode, code, message, details }, message };
    }
    return { type: 'failed', refusal: null, message: error instanceof Error ? error.message : '' };
  }
}

const port = parentPort;
if (port) {
  const items: unknown[] = [];
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'items') {
      for (const item of request.items) items.push(item);
      return;
    }
    port.postMessage(run(request, items));
  });
  const ready: WorkerAnswer = { type: 'ready' };
  port.postMessage(ready);
}
