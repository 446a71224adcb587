import { once } from 'node:events';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work that runs after the answer has left, so its duration tells the caller nothing (a
 * reset request for an existing email must answer as fast as one for a missing email).
 * Failures are logged, never answered; `settled()` lets shutdown and tests wait for it.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /**
   * Starts `job` once the current answer has been written: when `reply` is given, after its
   * last byte has left (its `finish`), so not even the job's first steps share the turns of
   * the loop that deliver it; then on the next turn of the loop.
   */
  run(label: string, job: () => Promise<void>, reply?: FastifyReply): void {
    const sent =
      reply && !reply.raw.writableFinished
        ? Promise.race([once(reply.raw, 'finish'), once(reply.raw, 'close')])
        : Promise.resolve();
    const work = sent
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(job)
      .catch((error: unknown) =>
        this.log.error({ err: error, job: label }, 'background work failed'),
      )
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Resolves when every job started so far, and any job they started, has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }
}
