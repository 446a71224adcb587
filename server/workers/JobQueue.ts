import { registerQueue, type QueueLoad } from './queueRegistry';

/** Thrown when every slot is busy and the waiting line is full. */
export class QueueFullError extends Error {
  override name = 'QueueFullError';
}

/**
 * A bounded queue of jobs: at most `concurrency` run at once, at most `queueLength` wait, and
 * a job beyond that is refused at once with {@link QueueFullError} rather than queued without
 * end (spec 001 section 8: "Server too busy"). Jobs start in arrival order.
 */
export class JobQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  /** `name`, when given, lists the queue's load in the metrics. */
  constructor(
    private readonly concurrency: number,
    private readonly queueLength: number,
    name?: string,
  ) {
    if (name !== undefined) registerQueue(name, this);
  }

  /** Running and waiting jobs, as the metrics read them. */
  get load(): QueueLoad {
    return { running: this.running, waiting: this.waiting.length };
  }

  /** Jobs running now. */
  get active(): number {
    return this.running;
  }

  /** Jobs waiting for a slot. */
  get pending(): number {
    return this.waiting.length;
  }

  /** Runs `job` when a slot is free; rejects with QueueFullError when none is and the line is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.queueLength) {
        throw new QueueFullError('Every slot is busy and the queue is full.');
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await job();
    } finally {
      // 1. Hand the slot straight to the next waiting job (the count stays), or
      // 2. free it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
