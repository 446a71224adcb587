import cluster, { type Worker } from 'node:cluster';

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
