import { ErrorCode } from '../../schemas/api/common';
import { AppError } from '../errors';

/** How much password hashing may run at once, and how much may wait. */
export interface HashingSlots {
  /** Hashes that run at the same time (each takes a libuv thread and 32 MiB). */
  concurrency: number;
  /** Hashes that may wait for a free slot; beyond that a request gets 429 at once. */
  queueLength: number;
  /** Running and waiting hashes one client address may hold, so one address cannot fill the queue. */
  perAddress: number;
}

interface Waiter {
  address: string;
  start: () => void;
}

/** A first guess of one hash's duration, until real ones are measured. */
const INITIAL_ESTIMATE_MS = 500;

/**
 * Bounds the scrypt work of sign-ins and password changes. A flood of sign-in attempts would
 * otherwise start one 32 MiB hash each, all sharing the CPU, so every one of them (a real
 * user's too) would take many seconds. Here at most `concurrency` run; up to `queueLength`
 * wait in order; anything more, or more than `perAddress` from one client address, is refused
 * with 429 and a Retry-After estimated from measured hash times. A flood from one address
 * therefore holds two places and real users from elsewhere still get theirs.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  private readonly held = new Map<string, number>();
  private averageMs = INITIAL_ESTIMATE_MS;

  constructor(private readonly slots: HashingSlots) {}

  /** Runs `job` (one password hash) when a slot is free; 429 RATE_LIMITED when there is no room. */
  async run<T>(address: string, job: () => Promise<T>): Promise<T> {
    const heldByAddress = this.held.get(address) ?? 0;
    const full = this.running >= this.slots.concurrency;
    if (
      heldByAddress >= this.slots.perAddress ||
      (full && this.waiting.length >= this.slots.queueLength)
    ) {
      throw new AppError(
        429,
        ErrorCode.rateLimited,
        'The server is busy with sign-ins; retry shortly.',
        {
          headers: { 'retry-after': String(this.retryAfterSeconds()) },
        },
      );
    }
    this.held.set(address, heldByAddress + 1);
    try {
      if (full) await new Promise<void>((start) => this.waiting.push({ address, start }));
      else this.running += 1;
      const started = performance.now();
      try {
        return await job();
      } finally {
        // A moving average: recent hashes say most about the machine's current load.
        this.averageMs = this.averageMs * 0.8 + (performance.now() - started) * 0.2;
        this.release();
      }
    } finally {
      const left = (this.held.get(address) ?? 1) - 1;
      if (left <= 0) this.held.delete(address);
      else this.held.set(address, left);
    }
  }

  /** Hashes running now and waiting now (for tests and diagnostics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so `running` stays as it is.
    if (next) next.start();
    else this.running -= 1;
  }

  private retryAfterSeconds(): number {
    const rounds = (this.waiting.length + this.running) / this.slots.concurrency;
    return Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
  }
}
