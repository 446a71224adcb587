import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { ErrorCode } from '../../schemas/api/common';
import { AppError, type ErrorDetail } from '../errors';
import type { JobInput, JobName, JobOutput, WorkerAnswer, WorkerRequest } from '../jobs/jobs';

/** The limits one job runs under. */
export interface WorkerLimits {
  /** Wall time of the job, from its input's handover to its answer; the thread is ended then. */
  timeMs: number;
  /** Old-generation heap of the thread in MiB; passing it ends the thread. */
  heapMb: number;
}

/** Why a job was stopped: its time ran out, or its heap did. */
export type WorkerLimit = 'time' | 'memory';

/** A job stopped by one of its limits: the caller turns it into its own translated refusal. */
export class WorkerLimitError extends Error {
  override name = 'WorkerLimitError';

  constructor(
    readonly limit: WorkerLimit,
    readonly limits: WorkerLimits,
  ) {
    super(
      limit === 'time'
        ? `The job took more than ${limits.timeMs} ms.`
        : 'The job ran out of memory.',
    );
  }
}

/**
 * Time a thread may take to load its code before the job is handed over. Generous: it is
 * the machine's load, not the input, that decides it, and the job's own limit starts after.
 */
const WORKER_START_MS = 60_000;

/** Items handed over per message: each copy costs the main thread a few milliseconds. */
const ITEMS_PER_MESSAGE = 2_000;

/** Young-generation heap of a thread in MiB: V8's default, said once so it never grows. */
const YOUNG_GENERATION_MB = 32;

/**
 * The smallest old-generation heap a thread is started with, in MiB. Below about 4 MiB,
 * Node 22's V8 runs out of memory while the thread's isolate is still being set up, and
 * that aborts the whole process rather than failing the thread; a job given less is
 * refused as out of memory without a thread.
 */
export const MIN_WORKER_HEAP_MB = 8;

/**
 * The job thread: in the source tree a loader of the TypeScript job table, in the build a
 * bundle of it, both named `jobWorker.mjs` next to this module's output.
 */
const WORKER_URL = new URL('./jobWorker.mjs', import.meta.url);

/** What to run, and the optional long list handed over a slice at a time. */
export interface WorkerJob<Name extends JobName> {
  job: Name;
  input: JobInput<Name>;
  /**
   * Items the job reads as one array, handed over in slices with a turn of the event loop
   * between them, so copying 100,000 rows never holds the main thread for long.
   */
  items?: readonly unknown[];
}

/**
 * Runs one job of the job table (server/jobs/jobs.ts) on a thread of its own with a heap limit and
 * a wall-time limit, and ends the thread in every case: a hostile file, a template whose
 * loops multiply, or a huge export costs that thread, never the server's event loop. One
 * thread a job, so nothing a job did (a polluted prototype, a leak) outlives it.
 * Resolves with the job's value; rejects with the job's own AppError (a refusal), with a
 * {@link WorkerLimitError} when a limit ended it, or with a plain Error when it failed.
 */
export function runInWorker<Name extends JobName>(
  job: WorkerJob<Name>,
  limits: WorkerLimits,
): Promise<JobOutput<Name>> {
  if (limits.heapMb < MIN_WORKER_HEAP_MB) {
    return Promise.reject(new WorkerLimitError('memory', limits));
  }
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_URL, {
      // None of the process's own flags (a loader, eval input, inspect ports) apply here.
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.heapMb,
        maxYoungGenerationSizeMb: YOUNG_GENERATION_MB,
      },
    });
    let settled = false;
    let timer = setTimeout(() => fail(new WorkerLimitError('time', limits)), WORKER_START_MS);
    const settle = () => {
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
    };
    const fail = (error: Error) => {
      if (settled) return;
      settle();
      reject(error);
    };
    const handOver = async () => {
      clearTimeout(timer);
      timer = setTimeout(() => fail(new WorkerLimitError('time', limits)), limits.timeMs);
      const items = job.items ?? [];
      for (let start = 0; start < items.length && !settled; start += ITEMS_PER_MESSAGE) {
        const message: WorkerRequest = {
          type: 'items',
          items: items.slice(start, start + ITEMS_PER_MESSAGE),
        };
        worker.postMessage(message);
        await nextTurn();
      }
      if (settled) return;
      const message: WorkerRequest = { type: 'run', job: job.job, input: job.input };
      worker.postMessage(message);
    };
    worker.on('message', (answer: WorkerAnswer) => {
      if (settled) return;
      if (answer.type === 'ready') {
        handOver().catch(fail);
      } else if (answer.type === 'done') {
        settle();
        resolve(answer.value as JobOutput<Name>);
      } else if (answer.refusal) {
        const { statusCode, code, message, details } = answer.refusal;
        fail(
          new AppError(statusCode, code as ErrorCode, message, {
            details: details as ErrorDetail[],
          }),
        );
      } else {
        fail(new Error(`The ${job.job} job failed: ${answer.message}`));
      }
    });
    // The heap limit ends the thread with an error of its own code.
    worker.on('error', (error: NodeJS.ErrnoException) =>
      fail(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkerLimitError('memory', limits)
          : new Error(`The ${job.job} job failed: ${error.message}`),
      ),
    );
    worker.on('exit', () =>
      fail(new Error(`The ${job.job} job's thread ended without an answer.`)),
    );
  });
}
