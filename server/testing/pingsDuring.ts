import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

/** How a server answered pings while some work ran. */
export interface PingReport<T> {
  /** What the work answered. */
  result: T;
  /**
   * Each ping's delay in ms, in order: from when it was due (`everyMs` after the previous
   * answer) to its answer, so a main thread held between two pings counts as well.
   */
  latencies: number[];
  /** Wall time of the work, in ms. */
  elapsedMs: number;
  medianMs: number;
  maxMs: number;
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Runs `work` while pinging every `everyMs`, one ping at a time, and reports how late each
 * answer came. A main thread held by the work shows as pings that stop completing and one
 * as late as the hold, so a stall is seen in both the count and the latencies.
 */
export async function pingsDuring<T>(
  ping: () => Promise<unknown>,
  work: () => Promise<T>,
  everyMs = 20,
): Promise<PingReport<T>> {
  const latencies: number[] = [];
  let done = false;
  const pinging = (async () => {
    let due = performance.now();
    while (!done) {
      await ping();
      const answered = performance.now();
      latencies.push(answered - due);
      due = answered + everyMs;
      await sleep(everyMs);
    }
  })();
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    done = true;
  }
  const elapsedMs = performance.now() - started;
  await pinging;
  return {
    result,
    latencies,
    elapsedMs,
    medianMs: median(latencies),
    maxMs: Math.max(...latencies),
  };
}
