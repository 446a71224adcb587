import type { ProcessEngine } from '../ProcessEngine';

/** How the scheduler polls: how often, and how many timers one round fires at most. */
export interface JobSchedulerOptions {
  /** Milliseconds between rounds; 5 seconds by default. */
  readonly intervalMs?: number;
  /** Timers fired per round at most, so one round never holds the loop for long. */
  readonly batchSize?: number;
  /** Told about a round that failed; the next round runs regardless. */
  readonly onError?: (error: unknown) => void;
}

/**
 * Fires due BPMN timers from the database. Every server process may run one: a job is
 * taken with `FOR UPDATE SKIP LOCKED` and removed in the transaction that fires it, so two
 * schedulers never fire one timer twice, and a crash before commit leaves the job due for
 * the next round. The clock is the engine's, so tests move time instead of sleeping.
 */
export class JobScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly engine: ProcessEngine,
    private readonly options: JobSchedulerOptions = {},
  ) {}

  /** Fires every timer due now (up to the batch size); answers how many fired. */
  async runDueJobs(): Promise<number> {
    const batchSize = this.options.batchSize ?? 100;
    const busy: string[] = [];
    let fired = 0;
    for (let attempt = 0; attempt < batchSize; attempt += 1) {
      const result = await this.engine.fireNextDueJob(busy);
      if (result.state === 'none') break;
      // A busy or failed job is not picked again this round (a failed one is due later).
      if (result.state === 'busy' || result.state === 'failed') busy.push(result.jobId);
      if (result.state === 'fired') fired += 1;
    }
    return fired;
  }

  /** Starts polling; rounds never overlap. */
  start(): void {
    if (this.timer !== null) return;
    this.timer = setInterval(() => {
      if (this.running !== null) return;
      this.running = this.runDueJobs()
        .catch((error: unknown) => {
          this.options.onError?.(error);
          return 0;
        })
        .finally(() => {
          this.running = null;
        });
    }, this.options.intervalMs ?? 5000);
    this.timer.unref();
  }

  /** Stops polling and waits for a round in progress to finish. */
  async stop(): Promise<void> {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
