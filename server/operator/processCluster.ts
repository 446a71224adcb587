import cluster, { type Worker } from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';

/** What a worker tells the primary once it listens. */
export interface WorkerListening {
  type: 'tessera:listening';
  /** The port the processes share. */
  port: number;
  /** Whether this worker made the demo data (only the first starter does). */
  seeded: boolean;
}

/** Whether a message from a worker says it listens. */
export function isWorkerListening(message: unknown): message is WorkerListening {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === 'tessera:listening'
  );
}

/** Tells the primary that this worker listens; nothing when the process is no worker. */
export function reportListening(port: number, seeded: boolean): void {
  if (!cluster.isWorker || !process.send) return;
  const message: WorkerListening = { type: 'tessera:listening', port, seeded };
  process.send(message);
}

/** How the primary runs its workers. */
export interface ClusterOptions {
  /** How many workers serve the port. */
  processes: number;
  /** Called once, when every worker listens. */
  onAllListening: (port: number, seeded: boolean) => void;
  /** Environment variables every worker gets on top of the primary's. */
  workerEnv?: Record<string, string>;
  /** Where the primary writes what happens to its workers. */
  log: (line: string) => void;
}

/**
 * The primary of `TESSERA_PROCESSES` > 1: it opens no database and serves nothing; it forks
 * the workers, which share the port (node's cluster hands connections round them) and each
 * migrate and seed under the start-up lock, the first doing the work and the others finding
 * it done.
 * 1. A worker that dies after it listened is replaced; one that dies before stops them all,
 *    since a start that fails once (a wrong DATABASE_URL, a changed migration) fails again.
 * 2. SIGTERM or SIGINT to the primary is passed to every worker, which drains as a single
 *    process does; the primary exits when the last one has, with 1 if any of them did.
 */
export function runPrimary(options: ClusterOptions): void {
  const alive = new Map<number, Worker>();
  const listening = new Set<number>();
  let stopping = false;
  let exitCode = 0;
  let announced = false;
  let seeded = false;

  const fork = (): Worker => {
    const worker = cluster.fork(options.workerEnv);
    alive.set(worker.id, worker);
    worker.on('message', (message: unknown) => {
      if (isMetricsMessage(message, 'tessera:metrics-request')) {
        const listeningWorkers = [...alive.values()].filter((each) => listening.has(each.id));
        void sumWorkerMetrics(listeningWorkers).then(
          (payload) => worker.send({ type: 'tessera:metrics-sum', id: message.id, payload }),
          () => worker.send({ type: 'tessera:metrics-sum', id: message.id }),
        );
        return;
      }
      if (!isWorkerListening(message)) return;
      listening.add(worker.id);
      seeded ||= message.seeded;
      if (!announced && listening.size === options.processes) {
        announced = true;
        options.onAllListening(message.port, seeded);
      }
    });
    return worker;
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    options.log(`${signal}: stopping ${alive.size} processes`);
    for (const worker of alive.values()) worker.process.kill(signal);
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker.id);
    const started = listening.delete(worker.id);
    if (code !== 0 || signal !== null) exitCode = 1;
    if (!stopping) {
      if (started) {
        options.log(`process ${worker.process.pid} ended (${signal ?? code}); starting another`);
        fork();
        return;
      }
      options.log(`process ${worker.process.pid} could not start; stopping the others`);
      stop('SIGTERM');
    }
    if (alive.size === 0) process.exit(exitCode);
  });

  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
  for (let index = 0; index < options.processes; index += 1) fork();
}

/** How long the primary waits for each worker's metrics, and a worker for the sum. */
const METRICS_WAIT_MS = 3_000;

interface MetricsMessage {
  type:
    | 'tessera:metrics-request'
    | 'tessera:metrics-collect'
    | 'tessera:metrics'
    | 'tessera:metrics-sum';
  id: number;
  /** A worker's `getMetricsAsJSON()`, or the summed text. */
  payload?: unknown;
}

function isMetricsMessage(
  message: unknown,
  type: MetricsMessage['type'],
): message is MetricsMessage {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === type &&
    typeof (message as { id?: unknown }).id === 'number'
  );
}

let nextMessageId = 0;

/**
 * In a worker: answers the primary's call for this process's metrics with `collect()` (the
 * app's metrics as prom-client's JSON), so a scrape that reaches any worker reports them all.
 */
export function answerMetricsCollection(collect: () => Promise<unknown>): void {
  if (!cluster.isWorker || !process.send) return;
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message, 'tessera:metrics-collect')) return;
    collect().then(
      (payload) => process.send?.({ type: 'tessera:metrics', id: message.id, payload }),
      () => process.send?.({ type: 'tessera:metrics', id: message.id, payload: [] }),
    );
  });
}

/**
 * In a worker: the metrics of every process of this server, summed by the primary (counters
 * and histograms add up; prom-client's own process metrics say how they combine); undefined
 * when the primary does not answer in time, and the caller reports its own process.
 */
export function clusterMetrics(): Promise<string | undefined> {
  if (!cluster.isWorker || !process.send) return Promise.resolve(undefined);
  const id = (nextMessageId += 1);
  return new Promise((resolve) => {
    const done = (text: string | undefined) => {
      clearTimeout(timer);
      process.off('message', listen);
      resolve(text);
    };
    const listen = (message: unknown) => {
      if (isMetricsMessage(message, 'tessera:metrics-sum') && message.id === id) {
        done(typeof message.payload === 'string' ? message.payload : undefined);
      }
    };
    const timer = setTimeout(() => done(undefined), 2 * METRICS_WAIT_MS);
    process.on('message', listen);
    process.send?.({ type: 'tessera:metrics-request', id });
  });
}

/** In the primary: asks every worker for its metrics and sums what comes back in time. */
async function sumWorkerMetrics(workers: readonly Worker[]): Promise<string> {
  const id = (nextMessageId += 1);
  const answers = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<unknown>((resolve) => {
          const done = (payload: unknown) => {
            clearTimeout(timer);
            worker.off('message', listen);
            resolve(payload);
          };
          const listen = (message: unknown) => {
            if (isMetricsMessage(message, 'tessera:metrics') && message.id === id) {
              done(message.payload);
            }
          };
          const timer = setTimeout(() => done(undefined), METRICS_WAIT_MS);
          worker.on('message', listen);
          worker.send({ type: 'tessera:metrics-collect', id });
        }),
    ),
  );
  const arrived = answers.filter((answer): answer is object[] => Array.isArray(answer));
  return AggregatorRegistry.aggregate(arrived).metrics();
}
